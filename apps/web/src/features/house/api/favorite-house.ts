import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export interface FavoriteInput {
  id: number;
  /** 1 add, 0 remove. */
  status: 0 | 1;
  name: string;
}

export type FavoriteResult = DataOf<typeof api.house.favoriteHouse>;

/** Favourites (status 1) or unfavourites (status 0) a listing: answers the listing's new state. */
export function favoriteHouse(input: FavoriteInput): Promise<FavoriteResult> {
  return call(api.house.favoriteHouse, { body: input });
}

/**
 * Part 1, section 4: the toggle flips isFavorite on every cached copy of this listing's
 * detail and marks the favourite list for refresh.
 */
export function useFavoriteHouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: favoriteHouse,
    onSuccess: (result, input) => {
      const isFavorite = typeof result?.isFavorite === 'boolean' ? result.isFavorite : input.status === 1;
      queryClient.setQueriesData<HouseDetail>({ queryKey: houseKeys.details(input.id) }, (old) =>
        old ? { ...old, isFavorite } : old,
      );
      return queryClient.invalidateQueries({ queryKey: houseKeys.favorites() });
    },
  });
}
