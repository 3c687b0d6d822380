import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** `POST /api/user/bind-wx-code { code, state }` (bindWxCode): binds the returned WeChat to this account. */
export function bindWxCode(input: { code: string; state: string }): Promise<{ bindWx: number }> {
  return apiPost<{ bindWx: number }>('/api/user/bind-wx-code', input, { quiet: true });
}

export function useBindWxCode() {
  return useMutation({ mutationFn: bindWxCode, onSuccess: ({ bindWx }) => updateUserInfo({ bindWx }) });
}
