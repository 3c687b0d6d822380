import { api } from '@baobei/shared/contract';
import type { AdminHouse, CreateHouseInput, UpdateHouseInput } from '@baobei/shared/schemas/admin-house';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { housesQueryKey } from './house-list';

/** GET /api/admin/house/get: every field of one listing of the host's company, with its version. */
export const houseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'house', 'get', id],
    queryFn: ({ signal }) => call(api.admin.getHouse, { query: { id } }, { signal }),
    // The form holds its own copy; a background refetch must not look like someone else's change.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useHouse(id: number | null) {
  return useQuery({ ...houseQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * POST /api/admin/house/create with the form's Idempotency-Key: a double click or a retry after
 * a lost answer creates one listing (docs/decisions/043).
 */
export function useCreateHouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateHouseInput; idempotencyKey: string }) =>
      call(api.admin.createHouse, { body }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (house) => {
      queryClient.setQueryData(houseQueryOptions(house.id).queryKey, house);
      void queryClient.invalidateQueries({ queryKey: housesQueryKey });
    },
  });
}

/** POST /api/admin/house/update with the version read; a stale version is 409 { reload: true, version }. */
export function useUpdateHouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHouseInput): Promise<AdminHouse> => call(api.admin.updateHouse, { body }),
    onSuccess: (house) => {
      queryClient.setQueryData(houseQueryOptions(house.id).queryKey, house);
      void queryClient.invalidateQueries({ queryKey: housesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'house', 'history', house.id] });
    },
  });
}
