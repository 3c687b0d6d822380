import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export type CommissionPolicy = DataOf<typeof api.house.commissionPolicyList>['list'][number];

/**
 * The first page, one policy long, of the commission policies of a property type: part 1,
 * section 7 asks for one policy per property type, the current one.
 */
export async function getCommissionPolicy(
  buildingId: number,
  buildingProperty: string,
  signal?: AbortSignal,
): Promise<CommissionPolicy | null> {
  const page = await call(
    api.house.commissionPolicyList,
    { body: { buildingId, buildingProperty }, query: { page: 1, pageSize: 1 } },
    { signal, quiet: true },
  );
  return page.list[0] ?? null;
}

export function commissionPolicyQueryOptions(buildingId: number, buildingProperty: string) {
  return queryOptions({
    queryKey: houseKeys.commissionPolicy(buildingId, buildingProperty),
    queryFn: ({ signal }) => getCommissionPolicy(buildingId, buildingProperty, signal),
  });
}

export function useCommissionPolicy(buildingId: number, buildingProperty: string | null) {
  return useQuery({
    ...commissionPolicyQueryOptions(buildingId, buildingProperty ?? ''),
    enabled: Boolean(buildingProperty),
  });
}
