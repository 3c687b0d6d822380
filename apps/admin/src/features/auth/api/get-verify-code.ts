import { api } from '@baobei/shared/contract';
import type { VerifyCode } from '@baobei/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The picture code of the sign-in form (the mobile app's own endpoint): sn and an SVG data URL. */
export function getVerifyCode(signal?: AbortSignal): Promise<VerifyCode> {
  return call(api.auth.verifyCode, undefined, { signal, withToken: false });
}

export const verifyCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'verify-code'],
    queryFn: ({ signal }) => getVerifyCode(signal),
    // A code is used once; a new one is asked for on refresh or after a failed sign-in.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useVerifyCode() {
  return useQuery(verifyCodeQueryOptions());
}
