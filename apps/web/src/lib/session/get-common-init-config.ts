import { api } from '@baobei/shared/contract';
import type { InitConfig } from '@baobei/shared/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type RequestOptions } from '../api-client';
import { sessionKeys } from './query-keys';

/** The anonymous init data (userInfo and token null). */
export function getCommonInitConfig(options?: Pick<RequestOptions, 'signal' | 'quiet'>): Promise<InitConfig> {
  return call(api.auth.getCommonInitConfig, {}, { ...options, withToken: false });
}

export function commonInitConfigQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.commonInitConfig(),
    queryFn: ({ signal }) => getCommonInitConfig({ signal }),
    staleTime: Infinity,
  });
}

export function useCommonInitConfig() {
  return useQuery(commonInitConfigQueryOptions());
}
