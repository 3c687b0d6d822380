import { api } from '@baobei/shared/contract';
import type { CompanyCustomer } from '@baobei/shared/schemas/record';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

export interface CompanyCustomerGroup {
  /** 'A'-'Z' by the pinyin initial of the name, then '#'. */
  anchor: string;
  list: CompanyCustomer[];
}

/**
 * 公司客户 matching `keyword`: the customers of the
 * shop manager's brokers (the general account: of the whole distributor), grouped, read-only.
 */
export function getCompanyCustomerList(keyword: string, signal?: AbortSignal): Promise<CompanyCustomerGroup[]> {
  // The page shows its own '获取数据失败' dialog, as 客户管理 does.
  return call(api.customer.getCompanyCustomerList, { body: { keyword } }, { signal, quiet: true });
}

export function companyCustomerListQueryOptions(keyword = '') {
  return queryOptions({
    queryKey: customerKeys.company(keyword),
    queryFn: ({ signal }) => getCompanyCustomerList(keyword, signal),
  });
}

/** A request on every input; the last answer stays while the next loads. */
export function useCompanyCustomerList(keyword: string) {
  return useQuery({ ...companyCustomerListQueryOptions(keyword), placeholderData: keepPreviousData });
}
