import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** closeWx (a GET): unbinds the account's WeChat; bindWx becomes 0. */
export function wechatOut(): Promise<DataOf<typeof api.wechat.wechatOut>> {
  return call(api.wechat.wechatOut, {}, { quiet: true });
}

export function useWechatOut() {
  return useMutation({ mutationFn: wechatOut, onSuccess: ({ bindWx }) => updateUserInfo({ bindWx }) });
}
