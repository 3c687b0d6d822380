import { api } from '@baobei/shared/contract';
import type { UpdateInfoResult } from '@baobei/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** Updates the own `vacation` (AUDITOR): on duty or on leave for new assignments. */
export function updateVacation(vacation: 0 | 1): Promise<UpdateInfoResult> {
  // The switch explains its own failure (a toast), so no generic dialog.
  return call(api.user.updateInfo, { body: { vacation } }, { quiet: true });
}

export function useUpdateVacation() {
  return useMutation({
    mutationFn: updateVacation,
    // The answer carries the fields it changed: here, the switch.
    onSuccess: (result, vacation) => updateUserInfo({ vacation: result.vacation ?? vacation }),
  });
}
