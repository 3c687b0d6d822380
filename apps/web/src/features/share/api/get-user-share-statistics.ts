import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { shareKeys } from './query-keys';

export const SHARE_PAGE_SIZE = 8;

/** /my/share's variant of the call (no `dateType`): a page of the user's own shares. */
const myShares = api.share.userShareStatistics.variants.mine;

/** One page of the user's shared listings with their visit counts, last visited first. */
export function getUserShareStatistics(page: PageParam, signal?: AbortSignal): Promise<DataOf<typeof myShares>> {
  return call(myShares, { body: {}, query: pageQuery(page, SHARE_PAGE_SIZE) }, { signal, quiet: true });
}

export function shareStatisticsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: shareKeys.statistics(),
    queryFn: ({ pageParam, signal }) => getUserShareStatistics(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, SHARE_PAGE_SIZE),
  });
}

export function useUserShareStatistics() {
  return useInfiniteQuery(shareStatisticsQueryOptions());
}
