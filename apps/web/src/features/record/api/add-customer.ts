import { api } from '@baobei/shared/contract';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** Adds a customer (customerInputSchema) → the stored customer. */
export function addCustomer(input: CustomerInput): Promise<Customer> {
  return call(api.customer.addCustomer, { body: input });
}

export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
