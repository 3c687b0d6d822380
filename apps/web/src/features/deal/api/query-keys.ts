import { RECORD_KEY_ROOT } from '../../../api/record-keys';

/**
 * The deal domain's query keys (decision 052), under the report domain's root
 * (api/record-keys): every report change refreshes them, and a deal change refreshes the
 * reports. The values are those used before the regrouping (decision 029).
 */
export const dealKeys = {
  /** Every report query (features/tracking's lists and details, and these). */
  records: RECORD_KEY_ROOT,
  /** 我的佣金 (decision 052): the deals of a scope, refreshed with every report change. */
  deals: (scope: 'own' | 'company') => [...dealKeys.records, 'deals', scope] as const,
  /** A report's deal (the detail's and the audit page's deal card), refreshed with every report change. */
  deal: (id: number) => [...dealKeys.records, 'deal', id] as const,
};
