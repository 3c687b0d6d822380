import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { nextPageAfter } from '../../../lib/next-page';

export const SHARE_PAGE_SIZE = 8;

/** Without `dateType` the call answers a page of the user's own shares, never the period's statistics. */
type SharePage = Exclude<DataOf<typeof api.share.userShareStatistics>, { dateType: number }>;

/** One page of the user's shared listings with their visit counts, last visited first. */
export async function getUserShareStatistics(page: number, signal?: AbortSignal): Promise<SharePage> {
  const data = await call(
    api.share.userShareStatistics,
    { body: {}, query: { page, pageSize: SHARE_PAGE_SIZE } },
    { signal, quiet: true },
  );
  if ('dateType' in data) throw new ApiError({ code: 500, msg: messages.common.requestException });
  return data;
}

export function shareStatisticsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['share', 'statistics'] as const,
    queryFn: ({ pageParam, signal }) => getUserShareStatistics(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, SHARE_PAGE_SIZE),
  });
}

export function useUserShareStatistics() {
  return useInfiniteQuery(shareStatisticsQueryOptions());
}
