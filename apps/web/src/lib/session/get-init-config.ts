import type { InitConfig } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type RequestOptions } from '../api-client';

/**
 * `GET /api/index/get-init-config`: the logged-in user's init data (needs the token; 401
 * otherwise). The session store is its consumer; it lives beside the store because every
 * feature needs the session and features never import each other.
 */
export function getInitConfig(options?: Pick<RequestOptions, 'signal' | 'quiet' | 'silentUnauthorized'>): Promise<InitConfig> {
  return apiGet<InitConfig>('/api/index/get-init-config', options);
}

export function initConfigQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'init-config'] as const,
    queryFn: ({ signal }) => getInitConfig({ signal }),
    staleTime: Infinity,
  });
}

export function useInitConfig() {
  return useQuery(initConfigQueryOptions());
}
