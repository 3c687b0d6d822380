import { api } from '@baobei/shared/contract';
import type { IndexData } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { homeKeys } from './query-keys';

/** Banners, navigation and columns of a city. */
export function getIndexData(cityId: number | null, signal?: AbortSignal): Promise<IndexData> {
  // Without a city (the session's lists failed) the server answers for its default city.
  return call(api.home.getIndexData, { query: { cityId: cityId ?? undefined } }, { signal });
}

export function indexDataQueryOptions(cityId: number | null) {
  return queryOptions({
    queryKey: homeKeys.indexData(cityId),
    queryFn: ({ signal }) => getIndexData(cityId, signal),
    // Kept a while after leaving the tab, so coming back from a detail page shows the same
    // content at once and the scroll position can be restored onto it.
    gcTime: 30 * 60_000,
  });
}

export function useIndexData(cityId: number | null, enabled: boolean) {
  return useQuery({ ...indexDataQueryOptions(cityId), enabled });
}
