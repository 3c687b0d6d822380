import { api } from '@baobei/shared/contract';
import type { AdminCity, CreateCityInput, UpdateCityInput } from '@baobei/shared/schemas/admin-home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The company's regions (provinces and their cities), read by 首页内容's city selector and
 * managed in 基础资料 (docs/decisions/078): one cache for both pages.
 */
export const citiesQueryKey = ['admin', 'cities'] as const;

/**
 * The company's cities among its regions: the rows under a province (a district is under a city;
 * docs/decisions/086). The filters, the home content's city choice and 基础资料 share it.
 */
export function citiesAmong(list: readonly AdminCity[]): AdminCity[] {
  const provinces = new Set(list.filter((c) => c.parentId === null).map((c) => c.id));
  return list.filter((c) => c.parentId !== null && provinces.has(c.parentId));
}

/** GET /api/admin/home/city/list: every province and city, enabled or not, in their order. */
export function useCities() {
  return useQuery({
    queryKey: citiesQueryKey,
    queryFn: async ({ signal }): Promise<AdminCity[]> => (await call(api.adminCity.list, undefined, { signal })).list,
  });
}

/** After a region changes: the regions, and the home content rows that show a city's name. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: citiesQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
  };
}

export function useCreateCity() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: (body: CreateCityInput) => call(api.adminCity.create, { body }), onSuccess });
}

export function useUpdateCity() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: (body: UpdateCityInput) => call(api.adminCity.update, { body }), onSuccess });
}
