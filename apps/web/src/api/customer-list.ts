import { api } from '@baobei/shared/contract';
import type { Customer } from '@baobei/shared/schemas/record';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The user's own customers, one call and one cache entry for both domains that read them:
 * 我的客户 (features/customer) and the report form's customer picker (features/report), with
 * the one add (api/add-customer) that refreshes both.
 */

/** The customer domain's cache root (`customerKeys.all`). */
export const CUSTOMER_KEY_ROOT = ['customer'] as const;

export const customerListKeys = {
  /** Every keyword's list: what adding or removing a customer refreshes. */
  lists: () => [...CUSTOMER_KEY_ROOT, 'list'] as const,
  list: (keyword: string) => [...customerListKeys.lists(), keyword] as const,
};

export interface CustomerGroup {
  /** 'A'-'Z' by the pinyin initial of the name, then '#'. */
  anchor: string;
  list: Customer[];
}

/** The user's own customers matching `keyword`, grouped. */
export function getCustomerList(keyword: string, signal?: AbortSignal): Promise<CustomerGroup[]> {
  // Part 2, section 8: the page shows its own '获取数据失败' dialog, not the generic one.
  return call(api.customer.getCustomerList, { body: { keyword } }, { signal, quiet: true });
}

export function customerListQueryOptions(keyword = '') {
  return queryOptions({
    queryKey: customerListKeys.list(keyword),
    queryFn: ({ signal }) => getCustomerList(keyword, signal),
  });
}

/**
 * Part 2, section 7: a request on every input; the last answer stays while the next loads.
 * 我的客户 and the report form's customer picker read this one list (one cache key).
 */
export function useCustomerList(keyword: string, enabled = true) {
  return useQuery({ ...customerListQueryOptions(keyword), placeholderData: keepPreviousData, enabled });
}
