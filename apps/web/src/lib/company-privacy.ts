import { api } from '@baobei/shared/contract';
import type { CompanyPrivacy } from '@baobei/shared/schemas/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The company's privacy policy and retention months (docs/decisions/095): the company answer
 * with `privacy=1`, asked only where they show (the notice on the forms, the 隐私政策 page), so the
 * start-up answer stays as small as before. One cached answer serves the notice and the page.
 */
export async function getCompanyPrivacy(host: string, signal?: AbortSignal): Promise<CompanyPrivacy | null> {
  const company = await call(api.home.getCompany, { query: { host, privacy: '1' } }, { signal, quiet: true, withToken: false });
  return company.privacy ?? null;
}

export const companyPrivacyQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['company', 'privacy', host],
    queryFn: ({ signal }) => getCompanyPrivacy(host, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useCompanyPrivacy() {
  return useQuery(companyPrivacyQueryOptions(window.location.hostname));
}
