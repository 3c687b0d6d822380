import { api } from '@baobei/shared/contract';
import type { ProfileUpdate } from '@baobei/shared/rules/profile';
import type { UpdateInfoResult } from '@baobei/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** The own profile's fields; the vacation switch is the my tab's (home/api/update-vacation). */
export type UpdateInfoInput = Omit<ProfileUpdate, 'vacation'>;

/**
 * Updates the own profile (part 1, section 7: updateUserData). Quiet: each caller says
 * what failed in the spec's words ('修改失败', 'avatar change failed', 'change gender failed').
 */
export function updateInfo(input: UpdateInfoInput): Promise<UpdateInfoResult> {
  return call(api.user.updateInfo, { body: input }, { quiet: true });
}

/** The answer carries the changed values; the session shows them at once. */
export function useUpdateInfo() {
  return useMutation({ mutationFn: updateInfo, onSuccess: (changed) => updateUserInfo(changed) });
}
