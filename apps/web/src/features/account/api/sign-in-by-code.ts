import { api } from '@baobei/shared/contract';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { applyInitConfig } from '../../../lib/session/session-store';

export interface SignInByCodeInput {
  username: string;
  code: string;
}

/** SMS code login; the answer is init data. */
export function signInByCode(input: SignInByCodeInput): Promise<InitConfig> {
  return call(api.auth.signByCode, { body: input }, { withToken: false });
}

export function useSignInByCode() {
  return useMutation({ mutationFn: signInByCode, onSuccess: (init) => applyInitConfig(init) });
}
