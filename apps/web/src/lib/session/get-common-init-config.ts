import type { InitConfig } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type RequestOptions } from '../api-client';

/** `GET /api/index/get-common-init-config`: the anonymous init data (userInfo and token null). */
export function getCommonInitConfig(options?: Pick<RequestOptions, 'signal' | 'quiet'>): Promise<InitConfig> {
  return apiGet<InitConfig>('/api/index/get-common-init-config', { ...options, withToken: false });
}

export function commonInitConfigQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'common-init-config'] as const,
    queryFn: ({ signal }) => getCommonInitConfig({ signal }),
    staleTime: Infinity,
  });
}

export function useCommonInitConfig() {
  return useQuery(commonInitConfigQueryOptions());
}
