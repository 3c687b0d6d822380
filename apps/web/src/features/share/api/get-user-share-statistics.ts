import type { ShareStatisticsItem } from '@baobei/shared/schemas/share';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { nextPageAfter } from '../../../lib/next-page';

export const SHARE_PAGE_SIZE = 8;

interface SharePage {
  list: ShareStatisticsItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/user/get-user-share-statistics?page=&pageSize=`: the user's shared listings with their visit counts. */
export function getUserShareStatistics(page: number, signal?: AbortSignal): Promise<SharePage> {
  return apiPost<SharePage>('/api/user/get-user-share-statistics', undefined, {
    query: { page, pageSize: SHARE_PAGE_SIZE },
    signal,
    quiet: true,
  });
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
