import type { ShopOption } from '@baobei/shared/schemas/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/user/get-shop-select-list`: the shops the edit form offers. */
export function getShopSelectList(signal?: AbortSignal): Promise<ShopOption[]> {
  return apiPost<ShopOption[]>('/api/user/get-shop-select-list', undefined, { signal, quiet: true });
}

export function shopOptionsQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'shops'] as const, queryFn: ({ signal }) => getShopSelectList(signal) });
}

export function useShopOptions(enabled: boolean) {
  return useQuery({ ...shopOptionsQueryOptions(), enabled });
}
