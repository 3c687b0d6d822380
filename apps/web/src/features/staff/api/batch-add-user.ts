import type { BatchAddResult, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostAnswer, type ApiAnswer } from '../../../lib/api-client';
import { STAFF_LIST_KEY } from './get-user-list';

/** `POST /api/user/batch-add-user { list }`: one transaction; the answer says per row what happened. */
export function batchAddUser(list: StaffInput[], idempotencyKey: string): Promise<ApiAnswer<BatchAddResult>> {
  return apiPostAnswer<BatchAddResult>('/api/user/batch-add-user', { list }, { quiet: true, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useBatchAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, key }: { list: StaffInput[]; key: string }) => batchAddUser(list, key),
    // The staff list is flagged for refresh: it fetches again when the user returns to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
