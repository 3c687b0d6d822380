import { api } from '@baobei/shared/contract';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type RequestOptions } from '../api-client';
import { sessionKeys } from './query-keys';

/**
 * The logged-in user's init data (needs the token; 401
 * otherwise). The session store is its consumer; it lives beside the store because every
 * feature needs the session and features never import each other.
 */
export function getInitConfig(options?: Pick<RequestOptions, 'signal' | 'quiet' | 'silentUnauthorized'>): Promise<InitConfig> {
  return call(api.auth.getInitConfig, {}, options);
}

export function initConfigQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.initConfig(),
    queryFn: ({ signal }) => getInitConfig({ signal }),
    staleTime: Infinity,
  });
}

export function useInitConfig() {
  return useQuery(initConfigQueryOptions());
}
