import type { ExternalLink } from '@baobei/shared/schemas/record-tracking';
import type { RecordListFilters, RecordListVariant } from '../model/record-list-filters';

/**
 * Every query key of the report domain (reports, their audit, the external links, the
 * customers and the report form's pickers), so that a query and every invalidation of it
 * read the same key (decision 029). The values are those the features used before the
 * regrouping, so each invalidation still reaches exactly the queries it reached then.
 *
 * Every report query (lists, tab counts, details) is keyed under `recordKeys.all`, so one
 * invalidation after a status change refreshes whatever list or detail is open or cached
 * (part 2, section 4: "the list is flagged for refresh"); `recordKeys.lists()` reaches both
 * lists (我的订单 and 公司订单).
 */
export const recordKeys = {
  all: ['records'] as const,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (variant: RecordListVariant, filters: RecordListFilters) => [...recordKeys.lists(), variant, filters] as const,
  detail: (id: number) => [...recordKeys.all, 'detail', id] as const,
  /** 我的佣金 (decision 052): the deals of a scope, refreshed with every report change. */
  deals: (scope: 'own' | 'company') => [...recordKeys.all, 'deals', scope] as const,
  /** A report's deal (the detail's and the audit page's deal card), refreshed with every report change. */
  deal: (id: number) => [...recordKeys.all, 'deal', id] as const,
  audit: (id: number) => ['record-audit', id] as const,
  autoLink: (houseId: number) => ['report-auto-link', houseId] as const,
  /** The staff picker of the list's filter (公司订单). */
  usersSelect: () => ['users', 'select-list'] as const,
};

/** The external report links (外部报备): their counts and lists. */
export const externalKeys = {
  all: ['external-record'] as const,
  count: (link: ExternalLink) => [...externalKeys.all, 'count', link] as const,
  list: (link: ExternalLink, state: string) => [...externalKeys.all, 'list', link, state] as const,
};

/** The user's customers (我的客户, also the report form's customer picker) and the company's. */
export const customerKeys = {
  all: ['customer'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (keyword: string) => [...customerKeys.lists(), keyword] as const,
  company: (keyword: string) => [...customerKeys.all, 'company', keyword] as const,
};

/** The report form's pickers: listings, their filter facts and the viewing staff (带看人). */
export const reportSelectKeys = {
  all: ['report-select'] as const,
  houses: (keyword: string, areaId: number) => [...reportSelectKeys.all, 'houses', keyword, areaId] as const,
  searchInfo: () => [...reportSelectKeys.all, 'search-info'] as const,
  daikan: () => [...reportSelectKeys.all, 'daikan'] as const,
};
