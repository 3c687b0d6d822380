import type { CityNode } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/publicapi/get-city`: the company's city tree (getCityList of part 1, section 7). */
export function getCityList(signal?: AbortSignal): Promise<CityNode[]> {
  return apiGet<CityNode[]>('/api/publicapi/get-city', { signal });
}

export function cityListQueryOptions() {
  return queryOptions({
    queryKey: ['city', 'list'] as const,
    queryFn: ({ signal }) => getCityList(signal),
    staleTime: 10 * 60_000,
  });
}

/** Only needed when the session's config (which carries the same tree) is missing. */
export function useCityList(enabled: boolean) {
  return useQuery({ ...cityListQueryOptions(), enabled });
}
