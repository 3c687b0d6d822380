import type { SearchInfo } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

/** `GET /api/index/get-search-info`: the house list's filter options (areas, prices, features, statuses). */
export function getSearchInfo(signal?: AbortSignal): Promise<SearchInfo> {
  return apiGet<SearchInfo>('/api/index/get-search-info', { signal });
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
