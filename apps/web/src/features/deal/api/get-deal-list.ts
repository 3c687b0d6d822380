import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { dealKeys } from './query-keys';

export const DEAL_PAGE_SIZE = 10;
const endpoint = api.recordDeal.getDealList;

/** One page of the scope's deals (我的佣金, decision 052) with the sums over the whole scope. */
export function getDealList(scope: 'own' | 'company', page: PageParam, signal?: AbortSignal): Promise<DataOf<typeof endpoint>> {
  return call(endpoint, { body: { scope }, query: pageQuery(page, DEAL_PAGE_SIZE) }, { signal, quiet: true });
}

export function dealListQueryOptions(scope: 'own' | 'company') {
  return infiniteQueryOptions({
    queryKey: dealKeys.deals(scope),
    queryFn: ({ pageParam, signal }) => getDealList(scope, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, DEAL_PAGE_SIZE),
  });
}

export function useDealList(scope: 'own' | 'company') {
  return useInfiniteQuery(dealListQueryOptions(scope));
}
