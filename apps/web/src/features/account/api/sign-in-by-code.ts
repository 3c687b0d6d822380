import type { InitConfig } from '@baobei/shared/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { applyInitConfig } from '../../../lib/session/session-store';

export interface SignInByCodeInput {
  username: string;
  code: string;
}

/** `POST /api/login/sign-by-code`: SMS code login; the answer is init data. */
export function signInByCode(input: SignInByCodeInput): Promise<InitConfig> {
  return apiPost<InitConfig>('/api/login/sign-by-code', input, { withToken: false });
}

export function useSignInByCode() {
  return useMutation({
    mutationFn: signInByCode,
    onSuccess: (init) => applyInitConfig(init),
  });
}
