import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { ExternalLink, ExternalSearch } from '@baobei/shared/schemas/record-tracking';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery } from '../../../lib/next-page';
import { externalKeys } from './query-keys';

export type ExternalState = 'WAITING' | 'CHECKED';
export type ExternalCount = DataOf<typeof api.record.getReportAutoCount>;

/** Not fixed by the spec; the on-site staff scroll through a day's visitors. */
export const EXTERNAL_PAGE_SIZE = 10;

/** Every call of this live page is quiet: the page shows its own states (no login, no dialogs). */
const OPTIONS = { quiet: true, silentUnauthorized: true } as const;

/** No search: every waiting and checked report of the link's listing. */
export const NO_EXTERNAL_SEARCH: ExternalSearch = { keyword: '', visitDay: '' };

/** The listing's name and both counts under the search (docs/decisions/089), for the signed link. */
export function externalCountQueryOptions(link: ExternalLink, search: ExternalSearch) {
  return queryOptions({
    queryKey: externalKeys.count(link, search),
    queryFn: ({ signal }) => call(api.record.getReportAutoCount, { query: { ...link, ...search } }, { signal, ...OPTIONS }),
    placeholderData: keepPreviousData,
  });
}

export function useExternalCount(link: ExternalLink | null, search: ExternalSearch) {
  return useQuery({
    ...externalCountQueryOptions(link ?? { houseId: 0, sign: '' }, search),
    enabled: link !== null,
    refetchOnMount: 'always',
  });
}

/** One page of the signed link's reports in a state (page/pageSize and the cursor of the page before in the query). */
export function externalListQueryOptions(link: ExternalLink, state: ExternalState, search: ExternalSearch) {
  return infiniteQueryOptions({
    queryKey: externalKeys.list(link, state, search),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.record.getReportAutoList,
        { body: { ...link, state, ...search }, query: pageQuery(pageParam, EXTERNAL_PAGE_SIZE) },
        { signal, ...OPTIONS },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, EXTERNAL_PAGE_SIZE),
  });
}

export function useExternalList(link: ExternalLink | null, state: ExternalState, search: ExternalSearch, enabled: boolean) {
  return useInfiniteQuery({
    ...externalListQueryOptions(link ?? { houseId: 0, sign: '' }, state, search),
    enabled: link !== null && enabled,
    refetchOnMount: 'always',
  });
}

/**
 * Confirms an arrival ({ houseId, sign, id, visitTime }) at the
 * chosen actual visit time ('YYYY-MM-DD HH:mm', Shanghai); both tabs and counts refresh.
 */
export function useCheckReport(link: ExternalLink | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; visitTime: string }) => call(api.record.checkReport, { body: { ...link!, ...input } }, OPTIONS),
    onSettled: () => queryClient.invalidateQueries({ queryKey: externalKeys.all }),
  });
}
