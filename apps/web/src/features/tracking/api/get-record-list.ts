import { api } from '@baobei/shared/contract';
import type { RecordList } from '@baobei/shared/schemas/record-tracking';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { recordKeys } from './query-keys';
import { RECORD_PAGE_SIZE, recordListBody, type RecordListFilters, type RecordListVariant } from '../model/record-list-filters';

/**
 * One page of 我的订单 (the viewer's scope) or 公司订单 (the shop's or distributor's), page/pageSize
 * and the cursor of the page before in the query. The first page (no cursor) carries the tabs.
 */
export function getRecordList(
  variant: RecordListVariant,
  filters: RecordListFilters,
  page: PageParam,
  signal?: AbortSignal,
): Promise<RecordList> {
  const query = pageQuery(page, RECORD_PAGE_SIZE);
  const body = recordListBody(filters, variant);
  // The list shows its own failure: a toast at the bottom and the tap-to-retry state.
  const options = { signal, quiet: true };
  return variant === 'company'
    ? call(api.record.getDistributorRecordList, { body, query }, options)
    : call(api.record.getRecordList, { body, query }, options);
}

export function recordListQueryOptions(variant: RecordListVariant, filters: RecordListFilters) {
  return infiniteQueryOptions({
    queryKey: recordKeys.list(variant, filters),
    queryFn: ({ pageParam, signal }) => getRecordList(variant, filters, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, RECORD_PAGE_SIZE),
  });
}

/**
 * `refetchOnMount: 'always'`: coming back from the audit or detail page shows the reports
 * as they are now (the loaded pages refetch in place, so the scroll position holds).
 * The previous answer stays on screen while another tab or filter loads, so the tabs stay.
 */
export function useRecordList(variant: RecordListVariant, filters: RecordListFilters, enabled: boolean) {
  return useInfiniteQuery({
    ...recordListQueryOptions(variant, filters),
    enabled,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** Pull-to-refresh starts over from page 1 instead of refetching every page loaded so far. */
export function keepFirstPageOnly(queryClient: QueryClient, variant: RecordListVariant, filters: RecordListFilters): void {
  queryClient.setQueryData(recordListQueryOptions(variant, filters).queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
