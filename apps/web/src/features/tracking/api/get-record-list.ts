import { api } from '@baobei/shared/contract';
import type { RecordList } from '@baobei/shared/schemas/record-tracking';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { keptUid } from '../../../lib/session/session-store';
import { readKeepingFirstPage, type MaybeKept } from '../../../lib/offline/kept-answers';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { recordKeys } from './query-keys';
import { RECORD_PAGE_SIZE, recordListBody, type RecordListFilters, type RecordListVariant } from '../model/record-list-filters';

/**
 * One page of 我的订单 (the viewer's scope) or 公司订单 (the shop's or distributor's), page/pageSize
 * and the cursor of the page before in the query. The first page (no cursor) carries the tabs.
 */
export async function getRecordList(
  variant: RecordListVariant,
  filters: RecordListFilters,
  page: PageParam,
  signal?: AbortSignal,
): Promise<MaybeKept<RecordList>> {
  const query = pageQuery(page, RECORD_PAGE_SIZE);
  const body = recordListBody(filters, variant);
  // The list shows its own failure: a toast at the bottom and the tap-to-retry state.
  const options = { signal, quiet: true };
  // No network (decision 094): the tab's first page as it was last read on this device, and no more pages.
  const kept = page.page === 1 && !page.cursor ? keptListName(variant, filters) : null;
  return readKeepingFirstPage(keptUid(), kept, () =>
    variant === 'company' ? call(api.record.getDistributorRecordList, { body, query }, options) : call(api.record.getRecordList, { body, query }, options),
  );
}

/**
 * The lists kept for a start without a network: each tab's first page of the unfiltered list
 * (the view a broker opens), not a search's or a day range's.
 */
function keptListName(variant: RecordListVariant, filters: RecordListFilters): string | null {
  const plain = filters.keyword === '' && filters.time === 0 && filters.broker === 0 && !filters.awaitingVisit;
  return plain ? `records:${variant}:${filters.approvalStatus || 'all'}` : null;
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
