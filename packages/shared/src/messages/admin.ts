/**
 * The operator console's words (docs/decisions/039), one file per console area under admin/:
 * sign-in and frame, companies and brand, listings, home content, reports, distributors,
 * exports, accounts, feedback and the audit log.
 */
export * from './admin/console';
export * from './admin/company';
export * from './admin/house';
export * from './admin/feature';
export * from './admin/import';
export * from './admin/batch';
export * from './admin/base-data';
export * from './admin/home-content';
export * from './admin/record';
export * from './admin/distributor';
export * from './admin/export';
export * from './admin/account';
export * from './admin/feedback';
export * from './admin/audit-log';
export * from './admin/access-log';
