import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session/session-store';

/** bindWxCode `{ code, state }`: binds the returned WeChat to this account. */
export function bindWxCode(input: { code: string; state: string }): Promise<DataOf<typeof api.wechat.bindWxCode>> {
  return call(api.wechat.bindWxCode, { body: input }, { quiet: true });
}

export function useBindWxCode() {
  return useMutation({ mutationFn: bindWxCode, onSuccess: ({ bindWx }) => updateUserInfo({ bindWx }) });
}
