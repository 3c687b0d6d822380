import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { NO_HOUSE_FILTERS, type HouseListFilters } from '@baobei/shared/schemas/house';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { SELECT_HOUSE_PAGE_SIZE } from '../model/select-logic';
import { reportSelectKeys } from './query-keys';

export type SelectHousePage = DataOf<typeof api.house.getHouseList>;

/** One page of the house list, 20 long (part 1, section 9: 20 on the select screen). */
export function getSelectHouseList(filters: HouseListFilters, page: PageParam, signal?: AbortSignal): Promise<SelectHousePage> {
  return call(api.house.getHouseList, { body: filters, query: pageQuery(page, SELECT_HOUSE_PAGE_SIZE) }, { signal });
}

export function useSelectHouseList(keyword: string, areaId: number, enabled: boolean) {
  const filters: HouseListFilters = { ...NO_HOUSE_FILTERS, keyword, areaId };
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reportSelectKeys.houses(keyword, areaId),
      queryFn: ({ pageParam, signal }) => getSelectHouseList(filters, pageParam, signal),
      initialPageParam: FIRST_PAGE,
      // A shorter page than the page size is the last.
      getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, SELECT_HOUSE_PAGE_SIZE),
      enabled,
    }),
  );
}

/** The house list's filter options: the area tree of the area picker. */
export function useAreaList(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: reportSelectKeys.searchInfo(),
      queryFn: ({ signal }) => call(api.home.getSearchInfo, {}, { signal }),
      staleTime: 10 * 60_000,
    }),
    enabled,
  });
}
