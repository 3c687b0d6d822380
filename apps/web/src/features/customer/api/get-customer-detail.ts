import { api } from '@baobei/shared/contract';
import type { CustomerDetail } from '@baobei/shared/schemas/customer-page';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** A customer's page: the customer, its intention, newest follow-ups and reports (docs/decisions/088). */
export function getCustomerDetail(id: number, signal?: AbortSignal): Promise<CustomerDetail> {
  // The page shows its own error state (tap to retry) and leaves on 404.
  return call(api.customer.getCustomerDetail, { body: { id } }, { signal, quiet: true });
}

export function customerDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomerDetail(id, signal),
  });
}

export function useCustomerDetail(id: number) {
  return useQuery({ ...customerDetailQueryOptions(id), enabled: id > 0 });
}
