import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
  passwordMore: string;
}

/** `POST /api/user/change-password`. */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return apiPost<null>('/api/user/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
