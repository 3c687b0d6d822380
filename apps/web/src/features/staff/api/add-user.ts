import { api } from '@baobei/shared/contract';
import type { Staff, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAnswer, type ApiAnswer } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/**
 * Adds `{ name, shopname, phone, sex }` and answers the new staff member; the
 * answer's msg is the success dialog (part 2, section 8). Quiet: a call without an answer
 * has its own text ('请求异常').
 */
export function addUser(input: StaffInput, idempotencyKey: string): Promise<ApiAnswer<Staff>> {
  return callAnswer(api.staff.addUser, { body: input }, { quiet: true, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: StaffInput; key: string }) => addUser(input, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
