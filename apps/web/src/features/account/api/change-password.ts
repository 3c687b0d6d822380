import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
  passwordMore: string;
}

/** Changes the signed-in account's own password (also the forced change of decision 017). */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return call(api.auth.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
