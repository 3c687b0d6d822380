import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { nextPageAfter } from '../../../lib/next-page';

export const VISIT_PAGE_SIZE = 20;

/** With `houseId` (no `dateType`) the call answers a page of visits, never the period's statistics. */
type VisitPage = Exclude<DataOf<typeof api.share.userShareHouseStatistics>, { dateType: number }>;

/** One page of the visits of one of the user's shared listings, newest first. */
export async function getUserShareHouseStatistics(houseId: number, page: number, signal?: AbortSignal): Promise<VisitPage> {
  const data = await call(
    api.share.userShareHouseStatistics,
    { body: { houseId }, query: { page, pageSize: VISIT_PAGE_SIZE } },
    { signal, quiet: true },
  );
  if ('dateType' in data) throw new ApiError({ code: 500, msg: messages.common.requestException });
  return data;
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
