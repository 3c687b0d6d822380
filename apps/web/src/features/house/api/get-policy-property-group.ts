import type { policyGroupSchema } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export type PolicyGroup = ReturnType<typeof policyGroupSchema.parse>[number];

/** `GET /api/index/policy-property-group?buildingId=`: property types with commission policies (signed in). */
export function getPolicyPropertyGroup(buildingId: number, signal?: AbortSignal): Promise<PolicyGroup[]> {
  return apiGet<PolicyGroup[]>('/api/index/policy-property-group', { query: { buildingId }, signal, quiet: true });
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
