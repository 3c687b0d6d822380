import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export type PolicyGroup = DataOf<typeof api.house.policyPropertyGroup>[number];

/** A listing's property types with commission policies and their counts (signed in). */
export function getPolicyPropertyGroup(buildingId: number, signal?: AbortSignal): Promise<PolicyGroup[]> {
  return call(api.house.policyPropertyGroup, { query: { buildingId } }, { signal, quiet: true });
}

export function policyGroupQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: houseKeys.policyGroup(buildingId),
    queryFn: ({ signal }) => getPolicyPropertyGroup(buildingId, signal),
  });
}

export function usePolicyPropertyGroup(buildingId: number, enabled: boolean) {
  return useQuery({ ...policyGroupQueryOptions(buildingId), enabled });
}
