import { api } from '@baobei/shared/contract';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { customerListKeys } from './customer-list';

/**
 * Adds a customer (customerInputSchema) → the stored customer: from 我的客户 (features/customer)
 * and from the report form's picker (features/report); both read the refreshed list.
 */
export function addCustomer(input: CustomerInput): Promise<Customer> {
  return call(api.customer.addCustomer, { body: input });
}

export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerListKeys.lists() }),
  });
}
