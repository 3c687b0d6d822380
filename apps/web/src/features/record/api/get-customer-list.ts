import type { Customer } from '@baobei/shared/schemas/record';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface CustomerGroup {
  /** 'A'-'Z' by the pinyin initial of the name, then '#'. */
  anchor: string;
  list: Customer[];
}

/** `POST /api/record/get-customer-list { keyword }`: the user's own customers, grouped. */
export function getCustomerList(keyword: string, signal?: AbortSignal): Promise<CustomerGroup[]> {
  // Part 2, section 8: the page shows its own '获取数据失败' dialog, not the generic one.
  return apiPost<CustomerGroup[]>('/api/record/get-customer-list', { keyword }, { signal, quiet: true });
}

export function customerListQueryOptions(keyword = '') {
  return queryOptions({
    queryKey: ['customer', 'list', keyword] as const,
    queryFn: ({ signal }) => getCustomerList(keyword, signal),
  });
}

/** Part 2, section 7: a request on every input; the last answer stays while the next loads. */
export function useCustomerList(keyword: string) {
  return useQuery({ ...customerListQueryOptions(keyword), placeholderData: keepPreviousData });
}
