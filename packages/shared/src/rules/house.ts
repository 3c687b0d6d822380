/** Part 1, section 3: selling statuses of a listing. */
export const SELLING_STATUSES = ['SELLING', 'PENDING', 'SELL_OUT', 'OFFER_BUY', 'SELL_SOON', 'STOP_SELL'] as const;
export type SellingStatus = (typeof SELLING_STATUSES)[number];

export const SELLING_STATUS_TEXT: Record<SellingStatus, string> = {
  SELLING: '在售',
  PENDING: '待售',
  SELL_OUT: '售罄',
  OFFER_BUY: '认购',
  SELL_SOON: '即将开盘',
  STOP_SELL: '停售',
};

/** Sold-out (售罄) and stopped (停售) listings cannot be chosen for a report. */
export const UNREPORTABLE_STATUSES: readonly SellingStatus[] = ['SELL_OUT', 'STOP_SELL'];

export function isReportableStatus(status: SellingStatus): boolean {
  return !UNREPORTABLE_STATUSES.includes(status);
}

/** DECISIONS.md, phone rule per listing: full number, or first 3 + last 4 accepted. */
export const PHONE_RULES = ['FULL', 'MASKED'] as const;
export type PhoneRule = (typeof PHONE_RULES)[number];

/**
 * Issue 17, item 3 (docs/decisions/053): who keeps a customer of the listing. REPORT_FIRST (报备为王,
 * the rule of the spec): the first report protects the customer. VISIT_FIRST (到访为王): several
 * distributors may report one customer; the first confirmed arrival wins and the other open reports close.
 */
export const PROTECTION_MODES = ['REPORT_FIRST', 'VISIT_FIRST'] as const;
export type ProtectionMode = (typeof PROTECTION_MODES)[number];
export const DEFAULT_PROTECTION_MODE: ProtectionMode = 'REPORT_FIRST';

/** Property types that commission policies are grouped by (policy-property-group). */
export const BUILDING_PROPERTIES = {
  RESIDENCE: '住宅',
  APARTMENT: '公寓',
  SHOP: '商铺',
  OFFICE: '写字楼',
  VILLA: '别墅',
} as const;
export type BuildingProperty = keyof typeof BUILDING_PROPERTIES;
/** The property types' codes, in the console's order (for schemas' enums). */
export const BUILDING_PROPERTY_KEYS = Object.keys(BUILDING_PROPERTIES) as [BuildingProperty, ...BuildingProperty[]];

/** Home column types: 1 projects, 2 video, 3 featured, 4 VR. */
export const COLUMN_TYPES = { PROJECT: 1, VIDEO: 2, FEATURED: 3, VR: 4 } as const;

/** Price filter options (priceList of the session); value is `min-max` in 万 per unit. */
export const PRICE_OPTIONS = [
  { text: '不限', value: '' },
  { text: '100万以下', value: '0-100' },
  { text: '100-150万', value: '100-150' },
  { text: '150-200万', value: '150-200' },
  { text: '200-300万', value: '200-300' },
  { text: '300-500万', value: '300-500' },
  { text: '500万以上', value: '500-' },
] as const;
