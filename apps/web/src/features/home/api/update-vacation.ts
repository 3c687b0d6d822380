import type { UpdateInfoResult } from '@baobei/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** `POST /api/user/update-info { vacation }` (AUDITOR): on duty or on leave for new assignments. */
export function updateVacation(vacation: 0 | 1): Promise<UpdateInfoResult> {
  // The switch explains its own failure (a toast), so no generic dialog.
  return apiPost<UpdateInfoResult>('/api/user/update-info', { vacation }, { quiet: true });
}

export function useUpdateVacation() {
  return useMutation({
    mutationFn: updateVacation,
    // The answer carries the fields it changed: here, the switch.
    onSuccess: (result, vacation) => updateUserInfo({ vacation: result.vacation ?? vacation }),
  });
}
