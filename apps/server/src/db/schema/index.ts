/**
 * The whole data model of ARCHITECTURE.md (Data), one file per owning module (docs/decisions/069,
 * 071): only that module's repositories write its tables. Money and points are numeric, times
 * timestamptz, phones text. Every tenant table carries company_id; queries filter by it.
 */
export * from './company';
export * from './city';
export * from './user';
export * from './registration';
export * from './auth';
export * from './wechat';
export * from './platform';
export * from './house';
export * from './home-content';
export * from './customer';
export * from './record';
export * from './upload';
export * from './audit-log';
export * from './message';
export * from './dashboard';
export * from './privacy';
