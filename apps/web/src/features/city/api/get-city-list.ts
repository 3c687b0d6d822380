import { api } from '@baobei/shared/contract';
import type { CityNode } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { cityKeys } from './query-keys';

/** The company's city tree (getCityList of part 1, section 7). */
export function getCityList(signal?: AbortSignal): Promise<CityNode[]> {
  return call(api.city.getCity, {}, { signal });
}

export function cityListQueryOptions() {
  return queryOptions({
    queryKey: cityKeys.list(),
    queryFn: ({ signal }) => getCityList(signal),
    staleTime: 10 * 60_000,
  });
}

/** Only needed when the session's config (which carries the same tree) is missing. */
export function useCityList(enabled: boolean) {
  return useQuery({ ...cityListQueryOptions(), enabled });
}
