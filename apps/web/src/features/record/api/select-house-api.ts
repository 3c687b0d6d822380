import type { HouseListFilters, HouseListItem, SearchInfo } from '@baobei/shared/schemas/house';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { getReportHouseFacts } from './get-report-house-facts';
import { SELECT_HOUSE_PAGE_SIZE } from '../model/select-logic';
import { reportSelectKeys } from './query-keys';

export interface SelectHousePage {
  list: HouseListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/index/get-house-list?page=&pageSize=20` (part 1, section 9: 20 on the select screen). */
export function getSelectHouseList(filters: HouseListFilters, page: number, signal?: AbortSignal): Promise<SelectHousePage> {
  return apiPost<SelectHousePage>('/api/index/get-house-list', filters, {
    query: { page, pageSize: SELECT_HOUSE_PAGE_SIZE },
    signal,
  });
}

export function useSelectHouseList(keyword: string, areaId: number, enabled: boolean) {
  const filters: HouseListFilters = { keyword, areaId, price: '', houseTese: 0, sellingStatus: '' };
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reportSelectKeys.houses(keyword, areaId),
      queryFn: ({ pageParam, signal }) => getSelectHouseList(filters, pageParam, signal),
      initialPageParam: 1,
      // A shorter page than the page size is the last.
      getNextPageParam: (last, _pages, lastPage) => (last.list.length < SELECT_HOUSE_PAGE_SIZE ? undefined : lastPage + 1),
      enabled,
    }),
  );
}

/** `GET /api/index/get-search-info`: the area tree of the area picker. */
export function useAreaList(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: reportSelectKeys.searchInfo(),
      queryFn: ({ signal }) => apiGet<SearchInfo>('/api/index/get-search-info', { signal }),
      staleTime: 10 * 60_000,
    }),
    enabled,
  });
}

/** `POST /api/index/get-house-data { id }`: the facts the report form's rules need. */
export const getHouseFacts = getReportHouseFacts;
