import { api } from '@baobei/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** Deletes one of the user's customers → the removed id. */
export function removeCustomer(id: number): Promise<number> {
  // Quiet: a network failure has its own text ('客户删除失败,发生异常，请稍后重试').
  return call(api.customer.removeCustomer, { body: { id } }, { quiet: true });
}

export function useRemoveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCustomer,
    // Every keyword's cached list, not only the one on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
