import type { InitConfig } from '@baobei/shared/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { applyInitConfig } from '../../../lib/session/session-store';

/** `POST /api/login/sign-by-wx { wxCode, state }` (signByWx): init data of the bound account; 404 when none. */
export function signByWx(input: { wxCode: string; state: string }): Promise<InitConfig> {
  return apiPost<InitConfig>('/api/login/sign-by-wx', input, { quiet: true, withToken: false });
}

export function useSignByWx() {
  return useMutation({ mutationFn: signByWx, onSuccess: (init) => applyInitConfig(init) });
}
