import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';

type FavoritePage = DataOf<typeof api.house.favoriteHouseList>;
export type FavoriteItem = FavoritePage['list'][number];

/** Part 1, section 9: page size 8 for favourites. */
export const FAVORITE_PAGE_SIZE = 8;

/** One page of the signed-in user's favourites, newest first. */
export function getFavoriteHouseList(page: PageParam, signal?: AbortSignal): Promise<FavoritePage> {
  return call(
    api.house.favoriteHouseList,
    { query: pageQuery(page, FAVORITE_PAGE_SIZE) },
    // The list shows its own failure: a toast at the bottom and the tap-to-retry state.
    { signal, quiet: true },
  );
}

export function favoriteListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: houseKeys.favorites(),
    queryFn: ({ pageParam, signal }) => getFavoriteHouseList(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, FAVORITE_PAGE_SIZE),
  });
}

export function useFavoriteHouseList() {
  return useInfiniteQuery(favoriteListQueryOptions());
}
