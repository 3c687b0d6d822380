import { api } from '@baobei/shared/contract';
import type { BatchAddResult, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAnswer, type ApiAnswer } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** Adds the `list` in one transaction; the answer says per row what happened. */
export function batchAddUser(list: StaffInput[], idempotencyKey: string): Promise<ApiAnswer<BatchAddResult>> {
  return callAnswer(api.staff.batchAddUser, { body: { list } }, { quiet: true, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useBatchAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, key }: { list: StaffInput[]; key: string }) => batchAddUser(list, key),
    // The staff list is flagged for refresh: it fetches again when the user returns to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
