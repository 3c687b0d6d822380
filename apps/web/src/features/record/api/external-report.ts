import type { ExternalLink, ExternalReport, externalCountSchema } from '@baobei/shared/schemas/record-tracking';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { nextPageAfter } from '../../../lib/next-page';
import { externalKeys } from './query-keys';

export type ExternalState = 'WAITING' | 'CHECKED';
export type ExternalCount = ReturnType<typeof externalCountSchema.parse>;

interface ExternalListPage {
  houseName: string;
  list: ExternalReport[];
  total: number;
  page: number;
  pageSize: number;
}

/** Not fixed by the spec; the on-site staff scroll through a day's visitors. */
export const EXTERNAL_PAGE_SIZE = 10;

/** Every call of this live page is quiet: the page shows its own states (no login, no dialogs). */
const OPTIONS = { quiet: true, silentUnauthorized: true } as const;

/** `GET /api/record/get-report-auto-count?houseId=&sign=`: the listing's name and both counts. */
export function externalCountQueryOptions(link: ExternalLink) {
  return queryOptions({
    queryKey: externalKeys.count(link),
    queryFn: ({ signal }) =>
      apiGet<ExternalCount>('/api/record/get-report-auto-count', { query: { ...link }, signal, ...OPTIONS }),
  });
}

export function useExternalCount(link: ExternalLink | null) {
  return useQuery({
    ...externalCountQueryOptions(link ?? { houseId: 0, sign: '' }),
    enabled: link !== null,
    refetchOnMount: 'always',
  });
}

/** `POST /api/record/get-report-auto-list?page=&pageSize=` with { houseId, sign, state }. */
export function externalListQueryOptions(link: ExternalLink, state: ExternalState) {
  return infiniteQueryOptions({
    queryKey: externalKeys.list(link, state),
    queryFn: ({ pageParam, signal }) =>
      apiPost<ExternalListPage>(
        '/api/record/get-report-auto-list',
        { ...link, state },
        { query: { page: pageParam, pageSize: EXTERNAL_PAGE_SIZE }, signal, ...OPTIONS },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, EXTERNAL_PAGE_SIZE),
  });
}

export function useExternalList(link: ExternalLink | null, state: ExternalState, enabled: boolean) {
  return useInfiniteQuery({
    ...externalListQueryOptions(link ?? { houseId: 0, sign: '' }, state),
    enabled: link !== null && enabled,
    refetchOnMount: 'always',
  });
}

/**
 * `POST /api/record/check-report` { houseId, sign, id, visitTime }: arrival confirmed at the
 * chosen actual visit time ('YYYY-MM-DD HH:mm', Shanghai); both tabs and counts refresh.
 */
export function useCheckReport(link: ExternalLink | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; visitTime: string }) => apiPost<unknown>('/api/record/check-report', { ...link, ...input }, OPTIONS),
    onSettled: () => queryClient.invalidateQueries({ queryKey: externalKeys.all }),
  });
}
