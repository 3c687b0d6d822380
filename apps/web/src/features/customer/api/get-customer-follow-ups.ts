import { api } from '@baobei/shared/contract';
import { FOLLOW_UP_PAGE_SIZE } from '@baobei/shared/rules/customer-page';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** One page of 跟进记录, newest first. */
export function getCustomerFollowUps(id: number, page: number, signal?: AbortSignal) {
  return call(api.customer.getCustomerFollowUps, { body: { id }, query: { page, pageSize: FOLLOW_UP_PAGE_SIZE } }, { signal, quiet: true });
}

/**
 * The follow-ups after the detail's first page: page 2 on, fetched once 查看更多 asks (`enabled`).
 * The next page exists while the pages read fall short of the total.
 */
export function useMoreFollowUps(id: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: customerKeys.followUps(id),
    queryFn: ({ pageParam, signal }) => getCustomerFollowUps(id, pageParam, signal),
    initialPageParam: 2,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: enabled && id > 0,
  });
}
