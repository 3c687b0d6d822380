import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { customerKeys } from './query-keys';

/** `POST /api/record/remove-customer { id }` → the removed id. */
export function removeCustomer(id: number): Promise<number> {
  // Quiet: a network failure has its own text ('客户删除失败,发生异常，请稍后重试').
  return apiPost<number>('/api/record/remove-customer', { id }, { quiet: true });
}

export function useRemoveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCustomer,
    // Every keyword's cached list, not only the one on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
