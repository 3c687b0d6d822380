import { api } from '@baobei/shared/contract';
import type { ChangePasswordInput } from '@baobei/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The console's change-password call: the mobile one's body and rules (decision 017), under
 * /api/admin since a console account is refused every mobile call. A must-change account clears
 * its flag here.
 */
export function changePassword(body: ChangePasswordInput): Promise<null> {
  return call(api.admin.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
