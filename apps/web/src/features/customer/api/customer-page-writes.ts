import { api } from '@baobei/shared/contract';
import type { AddFollowUpInput, CustomerIntentInput, EditCustomerInput } from '@baobei/shared/schemas/customer-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/**
 * The owner's writes on a customer's page (docs/decisions/088). Each refreshes the page (its
 * detail and later follow-up pages share the detail's key); an edit also the customer lists.
 */
function useCustomerWrite<I>(id: number, write: (input: I) => Promise<unknown>, alsoLists = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
      if (alsoLists) await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useEditCustomer(id: number) {
  return useCustomerWrite(id, (input: EditCustomerInput) => call(api.customer.editCustomer, { body: input }), true);
}

export function useSetCustomerIntent(id: number) {
  return useCustomerWrite(id, (input: CustomerIntentInput) => call(api.customer.setCustomerIntent, { body: input }));
}

export function useAddCustomerFollowUp(id: number) {
  return useCustomerWrite(id, (input: AddFollowUpInput) => call(api.customer.addCustomerFollowUp, { body: input }));
}
