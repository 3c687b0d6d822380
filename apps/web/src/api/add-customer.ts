import { api } from '@baobei/shared/contract';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { customerListKeys } from './customer-list';

/**
 * Adds a customer (customerInputSchema) → the stored customer: from 我的客户 (features/customer)
 * and from the report form's picker (features/report); both read the refreshed list.
 */
export function addCustomer({ input, key, quiet }: AddCustomerCall): Promise<Customer> {
  return call(api.customer.addCustomer, { body: input }, { quiet, headers: { 'Idempotency-Key': key } });
}

/** The customer and the Idempotency-Key of this payload (one key per payload: a retry reuses it; decision 094). */
export interface AddCustomerCall {
  input: CustomerInput;
  key: string;
  /** The caller explains a failure itself (我的客户 keeps one without an answer in the outbox). */
  quiet?: boolean;
}

export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerListKeys.lists() }),
  });
}
