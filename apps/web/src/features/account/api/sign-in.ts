import { api } from '@baobei/shared/contract';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { applyInitConfig } from '../../../lib/session/session-store';

export interface SignInInput {
  username: string;
  password: string;
  /** Required after 5 failures on the account (the answer's data says `needVerifyCode`). */
  sn?: string;
  verifyCode?: string;
  /** Required past the account's ceiling of failures (the answer's data says `needSmsCode`): a login code. */
  smsCode?: string;
}

/** Password login; the answer is init data (part 1, section 7). */
export function signIn(input: SignInInput): Promise<InitConfig> {
  return call(api.auth.sign, { body: input }, { withToken: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: (init) => applyInitConfig(init) });
}
