import type { favoriteItemSchema } from '@baobei/shared/schemas/house';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { houseKeys } from './query-keys';
import { nextPageAfter } from '../../../lib/next-page';

export type FavoriteItem = ReturnType<typeof favoriteItemSchema.parse>;

/** Part 1, section 9: page size 8 for favourites. */
export const FAVORITE_PAGE_SIZE = 8;

interface FavoritePage {
  list: FavoriteItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/user/favorite-house-list?page=&pageSize=`. */
export function getFavoriteHouseList(page: number, signal?: AbortSignal): Promise<FavoritePage> {
  return apiPost<FavoritePage>('/api/user/favorite-house-list', undefined, {
    query: { page, pageSize: FAVORITE_PAGE_SIZE },
    signal,
    // The list shows its own failure: a toast at the bottom and the tap-to-retry state.
    quiet: true,
  });
}

export function favoriteListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: houseKeys.favorites(),
    queryFn: ({ pageParam, signal }) => getFavoriteHouseList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, FAVORITE_PAGE_SIZE),
  });
}

export function useFavoriteHouseList() {
  return useInfiniteQuery(favoriteListQueryOptions());
}
