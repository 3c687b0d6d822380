import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { Grouped } from '../select-logic';

export interface Staff {
  name: string;
  phone: string;
}

/** `POST /api/record/get-customer-list { keyword }`: the user's own customers, grouped by initial. */
export function useSelectCustomerList(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['report-select', 'customers', keyword] as const,
    queryFn: ({ signal }) => apiPost<Grouped<Customer>[]>('/api/record/get-customer-list', { keyword }, { signal, quiet: true }),
    // A request on every input; the last answer stays while the next loads.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `POST /api/record/get-daikan-list`: the viewing staff (the distributor's colleagues), grouped. */
export function useDaikanList(enabled: boolean) {
  return useQuery({
    queryKey: ['report-select', 'daikan'] as const,
    queryFn: ({ signal }) => apiPost<Grouped<Staff>[]>('/api/record/get-daikan-list', {}, { signal, quiet: true }),
    enabled,
  });
}

/** `POST /api/record/add-customer`: a customer added from the select screen, then picked. */
export function useSelectAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) => apiPost<Customer>('/api/record/add-customer', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['report-select', 'customers'] }),
        queryClient.invalidateQueries({ queryKey: ['customer', 'list'] }),
      ]),
  });
}
