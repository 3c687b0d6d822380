import type { userSelectOptionSchema } from '@baobei/shared/schemas/record-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

export type BrokerOption = ReturnType<typeof userSelectOptionSchema.parse>;

/** `POST /api/user/get-users-select-list`: the brokers of the viewer's shop or distributor. */
export function getUsersSelectList(signal?: AbortSignal): Promise<BrokerOption[]> {
  return apiPost<BrokerOption[]>('/api/user/get-users-select-list', undefined, { signal, quiet: true });
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
