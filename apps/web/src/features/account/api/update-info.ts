import { api } from '@baobei/shared/contract';
import type { UpdateInfoResult } from '@baobei/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

export interface UpdateInfoInput {
  avatar?: string;
  sex?: number;
  name?: string;
  phone?: string;
  /** The SMS code sent to the new phone. */
  code?: string;
  resume?: string;
}

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
