import type { Staff, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { STAFF_LIST_KEY } from './get-user-list';

/** `POST /api/user/update-user { uid, name, shopname, phone, sex }`: the edit form. */
export function updateUser(uid: number, input: StaffInput): Promise<Staff> {
  return apiPost<Staff>('/api/user/update-user', { uid, ...input }, { quiet: true });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, input }: { uid: number; input: StaffInput }) => updateUser(uid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
