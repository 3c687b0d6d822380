import { api } from '@baobei/shared/contract';
import type { ShopOption } from '@baobei/shared/schemas/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** The shops the edit form offers. */
export function getShopSelectList(signal?: AbortSignal): Promise<ShopOption[]> {
  return call(api.staff.getShopSelectList, {}, { signal, quiet: true });
}

export function shopOptionsQueryOptions() {
  return queryOptions({ queryKey: staffKeys.shops(), queryFn: ({ signal }) => getShopSelectList(signal) });
}

export function useShopOptions(enabled: boolean) {
  return useQuery({ ...shopOptionsQueryOptions(), enabled });
}
