import { api } from '@baobei/shared/contract';
import type { VerifyCode } from '@baobei/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** A new picture code `{ sn, img }`, img an SVG data URL. */
export function getVerifyCode(signal?: AbortSignal): Promise<VerifyCode> {
  return call(api.auth.verifyCode, {}, { signal, withToken: false });
}

/** Each picture code is single use: never cached, a fresh one at every open and refresh. */
export function verifyCodeQueryOptions(purpose: string) {
  return queryOptions({
    queryKey: authKeys.verifyCode(purpose),
    queryFn: ({ signal }) => getVerifyCode(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useVerifyCode(purpose: string, enabled: boolean) {
  return useQuery({ ...verifyCodeQueryOptions(purpose), enabled });
}
