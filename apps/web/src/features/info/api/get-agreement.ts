import { api } from '@baobei/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The company's own user agreement ('' for the built-in one), set in the console's 品牌设置
 * (docs/decisions/044): the company answer with `agreement=1`. Only this page asks for it, so
 * the start-up answer and the index page stay as small as before.
 */
export async function getAgreement(host: string, signal?: AbortSignal): Promise<string> {
  const company = await call(api.home.getCompany, { query: { host, agreement: '1' } }, { signal, quiet: true, withToken: false });
  return company.agreement ?? '';
}

export const agreementQueryOptions = (host: string) =>
  queryOptions({ queryKey: ['company', 'agreement', host], queryFn: ({ signal }) => getAgreement(host, signal), retry: 1 });

export function useAgreement(host: string) {
  return useQuery(agreementQueryOptions(host));
}
