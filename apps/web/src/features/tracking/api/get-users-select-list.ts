import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

export type BrokerOption = DataOf<typeof api.user.getUsersSelectList>[number];

/** The brokers of the viewer's shop or distributor. */
export function getUsersSelectList(signal?: AbortSignal): Promise<BrokerOption[]> {
  return call(api.user.getUsersSelectList, {}, { signal, quiet: true });
}

export function brokerOptionsQueryOptions() {
  return queryOptions({
    queryKey: recordKeys.usersSelect(),
    queryFn: ({ signal }) => getUsersSelectList(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBrokerOptions(enabled: boolean) {
  return useQuery({ ...brokerOptionsQueryOptions(), enabled });
}
