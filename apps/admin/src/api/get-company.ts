import { api } from '@baobei/shared/contract';
import type { Company } from '@baobei/shared/schemas/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The page host's company (part 1, section 1; decision 001), as the mobile app reads it at
 * start: the sign-in page's title, logo and colour, and the tenant of every later call.
 */
export function getCompany(host: string, signal?: AbortSignal): Promise<Company> {
  return call(api.home.getCompany, { query: { host } }, { signal, withToken: false });
}

export const companyQueryOptions = (host: string) =>
  queryOptions({ queryKey: ['company', 'public', host], queryFn: ({ signal }) => getCompany(host, signal), staleTime: 60_000 });

export function useCompany(host: string) {
  return useQuery(companyQueryOptions(host));
}
