import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { shareKeys } from './query-keys';

export const VISIT_PAGE_SIZE = 20;

/** /my/share's variant of the call (`houseId`, no `dateType`): a page of visits. */
const myListingVisits = api.share.userShareHouseStatistics.variants.mine;

/** One page of the visits of one of the user's shared listings, newest first. */
export function getUserShareHouseStatistics(houseId: number, page: PageParam, signal?: AbortSignal): Promise<DataOf<typeof myListingVisits>> {
  return call(myListingVisits, { body: { houseId }, query: pageQuery(page, VISIT_PAGE_SIZE) }, { signal, quiet: true });
}

export function shareVisitsQueryOptions(houseId: number) {
  return infiniteQueryOptions({
    queryKey: shareKeys.visits(houseId),
    queryFn: ({ pageParam, signal }) => getUserShareHouseStatistics(houseId, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, VISIT_PAGE_SIZE),
  });
}

/** Loaded only for the expanded row. */
export function useShareHouseVisits(houseId: number | null) {
  return useInfiniteQuery({ ...shareVisitsQueryOptions(houseId ?? 0), enabled: houseId !== null });
}
