import { api } from '@baobei/shared/contract';
import type { CompanyBrand } from '@baobei/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * A company's brand, hosts, settings and the version an update sends back: the signed-in
 * account's own company, or (PLATFORM_ADMIN, 公司管理) the one `companyId` names.
 */
export function getBrand(companyId: number | undefined, signal?: AbortSignal): Promise<CompanyBrand> {
  return call(api.admin.getBrand, { query: companyId === undefined ? {} : { companyId } }, { signal });
}

export const brandQueryOptions = (companyId?: number) =>
  queryOptions({ queryKey: ['admin', 'company', 'brand', companyId ?? 'own'], queryFn: ({ signal }) => getBrand(companyId, signal) });

export function useBrand(companyId?: number) {
  return useQuery(brandQueryOptions(companyId));
}
