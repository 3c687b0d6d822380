import { api } from '@baobei/shared/contract';
import type { SearchInfo } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

/** The house list's filter options (areas, prices, features, statuses). */
export function getSearchInfo(signal?: AbortSignal): Promise<SearchInfo> {
  return call(api.home.getSearchInfo, {}, { signal });
}

export function searchInfoQueryOptions() {
  return queryOptions({
    queryKey: houseKeys.searchInfo(),
    queryFn: ({ signal }) => getSearchInfo(signal),
    staleTime: 10 * 60_000,
  });
}

/** Waits for the session like the list does (a settling session drops the cache). */
export function useSearchInfo(enabled: boolean) {
  return useQuery({ ...searchInfoQueryOptions(), enabled });
}
