import { api } from '@baobei/shared/contract';
import type { CompanyBrand } from '@baobei/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The signed-in operator's company: brand, hosts, settings and the version an update sends back. */
export function getBrand(signal?: AbortSignal): Promise<CompanyBrand> {
  return call(api.admin.getBrand, { query: {} }, { signal });
}

export const brandQueryOptions = () => queryOptions({ queryKey: ['admin', 'company', 'brand'], queryFn: ({ signal }) => getBrand(signal) });

export function useBrand() {
  return useQuery(brandQueryOptions());
}
