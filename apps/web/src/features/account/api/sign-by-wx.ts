import { api } from '@baobei/shared/contract';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { applyInitConfig } from '../../../lib/session/session-store';

/** signByWx `{ wxCode, state }`: init data of the bound account; 404 when none. */
export function signByWx(input: { wxCode: string; state: string }): Promise<InitConfig> {
  return call(api.wechat.signByWx, { body: input }, { quiet: true, withToken: false });
}

export function useSignByWx() {
  return useMutation({ mutationFn: signByWx, onSuccess: (init) => applyInitConfig(init) });
}
