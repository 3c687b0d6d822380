import { api } from '@baobei/shared/contract';
import type { Company } from '@baobei/shared/schemas/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../../lib/api-client';
import { companyKeys } from './query-keys';

/** The tenant's branding, by the page host (part 1, section 1). */
export function getCompany(host: string, options?: Pick<RequestOptions, 'signal' | 'quiet'>): Promise<Company> {
  return call(api.home.getCompany, { query: { host } }, { ...options, withToken: false });
}

export function companyQueryOptions(host: string) {
  return queryOptions({
    queryKey: companyKeys.detail(host),
    queryFn: ({ signal }) => getCompany(host, { signal }),
    staleTime: Infinity,
  });
}

export function useCompany(host: string) {
  return useQuery(companyQueryOptions(host));
}
