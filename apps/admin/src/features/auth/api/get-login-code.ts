import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface LoginCodeRequest {
  phone: string;
  /** The picture code the request spends (GET /api/login/verify-code's `sn` and the typed answer). */
  captchaSn: string;
  captcha: string;
}

/**
 * GET /api/login/get-code: a login code sent to the account's own phone, the second factor the
 * sign-in asks for past the account's ceiling of wrong passwords (decision 017).
 */
export function getLoginCode({ phone, captchaSn, captcha }: LoginCodeRequest): Promise<null> {
  return call(api.auth.getCode, { query: { username: phone, sn: captchaSn, code: captcha, purpose: 'login' } }, { withToken: false });
}

export function useGetLoginCode() {
  return useMutation({ mutationFn: getLoginCode });
}
