import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** `POST /api/record/add-customer` (customerInputSchema) → the stored customer. */
export function addCustomer(input: CustomerInput): Promise<Customer> {
  return apiPost<Customer>('/api/record/add-customer', input);
}

export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
