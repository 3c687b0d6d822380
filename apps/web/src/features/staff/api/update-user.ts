import { api } from '@baobei/shared/contract';
import type { Staff, StaffInput } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** Saves the edit form `{ uid, name, shopname, phone, sex }`. */
export function updateUser(uid: number, input: StaffInput): Promise<Staff> {
  return call(api.staff.updateUser, { body: { uid, ...input } }, { quiet: true });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, input }: { uid: number; input: StaffInput }) => updateUser(uid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
