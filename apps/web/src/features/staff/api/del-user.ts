import { api } from '@baobei/shared/contract';
import type { DelStaffResult } from '@baobei/shared/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/**
 * Unbinds `{ uid, newUid? }`; a shop manager's staff move to
 * `newUid`, or are unbound too without it (part 2, section 4).
 */
export function delUser(uid: number, newUid?: number): Promise<DelStaffResult> {
  return call(api.staff.delUser, { body: newUid === undefined ? { uid } : { uid, newUid } }, { quiet: true });
}

export function useUnbindStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, newUid }: { uid: number; newUid?: number }) => delUser(uid, newUid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
