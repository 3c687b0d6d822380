/**
 * The report domain's cache root (`recordKeys.all`), read by both domains that key under it:
 * the report lists, details and audit data (features/tracking) and a report's deal and
 * 我的佣金 (features/deal). One invalidation of the root after a status change or a deal
 * change refreshes whatever list, detail or deal is open or cached (part 2, section 4: "the
 * list is flagged for refresh"; decision 052).
 */
export const RECORD_KEY_ROOT = ['records'] as const;
