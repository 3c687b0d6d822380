import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { HouseListFilters } from '@baobei/shared/schemas/house';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { keptUid } from '../../../lib/session/session-store';
import { readKeepingFirstPage } from '../../../lib/offline/kept-answers';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { HOUSE_LIST_PAGE_SIZE } from '../model/house-list-filters';
import { houseKeys } from './query-keys';

export type HouseListPage = DataOf<typeof api.house.getHouseList>;

/**
 * One page of the house list, the filters in the body. Signed-in callers get protection
 * periods and commission too; the token decides, not the client.
 */
export async function getHouseList(filters: HouseListFilters, page: PageParam, signal?: AbortSignal): Promise<HouseListPage> {
  const read = () => call(api.house.getHouseList, { body: filters, query: pageQuery(page, HOUSE_LIST_PAGE_SIZE) }, { signal, quiet: !navigator.onLine });
  if (page.page !== 1 || page.cursor) return read();
  // Without a network (decision 094): the first page of these filters as this device last read it, and no more.
  return readKeepingFirstPage(keptUid(), `houses:${JSON.stringify(filters)}`, read);
}

export function houseListQueryOptions(filters: HouseListFilters) {
  return infiniteQueryOptions({
    queryKey: houseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getHouseList(filters, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, HOUSE_LIST_PAGE_SIZE),
    gcTime: 30 * 60_000,
  });
}

/**
 * `enabled` waits for the session: the answer depends on who asks, and a session that
 * settles mid-request drops the cache (session-store.ts), which would strand this query.
 */
export function useHouseList(filters: HouseListFilters, enabled: boolean) {
  return useInfiniteQuery({ ...houseListQueryOptions(filters), enabled });
}

/** Pull-to-refresh starts over from page 1 instead of refetching every page loaded so far. */
export function keepFirstPageOnly(queryClient: QueryClient, filters: HouseListFilters): void {
  queryClient.setQueryData(houseListQueryOptions(filters).queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
