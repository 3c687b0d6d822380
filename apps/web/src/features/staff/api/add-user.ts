import type { Staff, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostAnswer, type ApiAnswer } from '../../../lib/api-client';
import { STAFF_LIST_KEY } from './get-user-list';

/**
 * `POST /api/user/add-user { name, shopname, phone, sex }` → the new staff member; the
 * answer's msg is the success dialog (part 2, section 8). Quiet: a call without an answer
 * has its own text ('请求异常').
 */
export function addUser(input: StaffInput, idempotencyKey: string): Promise<ApiAnswer<Staff>> {
  return apiPostAnswer<Staff>('/api/user/add-user', input, { quiet: true, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: StaffInput; key: string }) => addUser(input, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
