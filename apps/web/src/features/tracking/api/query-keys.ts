import type { ExternalLink, ExternalSearch } from '@baobei/shared/schemas/record-tracking';
import { RECORD_KEY_ROOT } from '../../../api/record-keys';
import type { RecordListFilters, RecordListVariant } from '../model/record-list-filters';

/**
 * Every query key of following reports (the lists, a report's detail and audit data, the
 * external links), so that a query and every invalidation of it read the same key (decision
 * 029). The values are those the features used before the regrouping, so each invalidation
 * still reaches exactly the queries it reached then.
 *
 * Every report query (lists, tab counts, details; the deals of features/deal too) is keyed
 * under `recordKeys.all` (api/record-keys), so one invalidation after a status change
 * refreshes whatever list or detail is open or cached (part 2, section 4: "the list is
 * flagged for refresh"); `recordKeys.lists()` reaches both lists (我的订单 and 公司订单).
 */
export const recordKeys = {
  all: RECORD_KEY_ROOT,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (variant: RecordListVariant, filters: RecordListFilters) => [...recordKeys.lists(), variant, filters] as const,
  detail: (id: number) => [...recordKeys.all, 'detail', id] as const,
  audit: (id: number) => ['record-audit', id] as const,
  autoLink: (houseId: number) => ['report-auto-link', houseId] as const,
  /** The staff picker of the list's filter (公司订单). */
  usersSelect: () => ['users', 'select-list'] as const,
};

/** The external report links (外部报备): their counts and lists. */
export const externalKeys = {
  all: ['external-record'] as const,
  count: (link: ExternalLink, search: ExternalSearch) => [...externalKeys.all, 'count', link, search] as const,
  list: (link: ExternalLink, state: string, search: ExternalSearch) => [...externalKeys.all, 'list', link, state, search] as const,
};
