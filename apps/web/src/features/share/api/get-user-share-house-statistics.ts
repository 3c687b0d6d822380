import type { ShareVisitItem } from '@baobei/shared/schemas/share';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { nextPageAfter } from '../../../lib/next-page';

export const VISIT_PAGE_SIZE = 20;

interface VisitPage {
  list: ShareVisitItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/user/get-user-share-house-statistics?page=&pageSize= { houseId }`: the visits of one shared listing. */
export function getUserShareHouseStatistics(houseId: number, page: number, signal?: AbortSignal): Promise<VisitPage> {
  return apiPost<VisitPage>(
    '/api/user/get-user-share-house-statistics',
    { houseId },
    { query: { page, pageSize: VISIT_PAGE_SIZE }, signal, quiet: true },
  );
}

export function shareVisitsQueryOptions(houseId: number) {
  return infiniteQueryOptions({
    queryKey: ['share', 'visits', houseId] as const,
    queryFn: ({ pageParam, signal }) => getUserShareHouseStatistics(houseId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, VISIT_PAGE_SIZE),
  });
}

/** Loaded only for the expanded row. */
export function useShareHouseVisits(houseId: number | null) {
  return useInfiniteQuery({ ...shareVisitsQueryOptions(houseId ?? 0), enabled: houseId !== null });
}
