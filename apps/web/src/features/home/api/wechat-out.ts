import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** `GET /api/user/wechat-out` (closeWx): unbinds the account's WeChat; bindWx becomes 0. */
export function wechatOut(): Promise<{ bindWx: number }> {
  return apiGet<{ bindWx: number }>('/api/user/wechat-out', { quiet: true });
}

export function useWechatOut() {
  return useMutation({ mutationFn: wechatOut, onSuccess: ({ bindWx }) => updateUserInfo({ bindWx }) });
}
