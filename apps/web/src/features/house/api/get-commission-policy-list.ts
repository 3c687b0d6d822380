import type { commissionPolicyItemSchema } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export type CommissionPolicy = ReturnType<typeof commissionPolicyItemSchema.parse>;

interface PolicyPage {
  list: CommissionPolicy[];
  total: number;
}

/**
 * `POST /api/index/commission-policy-list?page=1&pageSize=1 { buildingId, buildingProperty }`:
 * part 1, section 7 asks for one policy per property type, the current one.
 */
export async function getCommissionPolicy(
  buildingId: number,
  buildingProperty: string,
  signal?: AbortSignal,
): Promise<CommissionPolicy | null> {
  const page = await apiPost<PolicyPage>(
    '/api/index/commission-policy-list',
    { buildingId, buildingProperty },
    { query: { page: 1, pageSize: 1 }, signal, quiet: true },
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
