import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import type { ShareUserStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/**
 * Share visits per sharer of the shop or distributor in the period. The same call without
 * `dateType` is /my/share's own list.
 */
export async function getUserShareStatistics(dateType: number, signal?: AbortSignal): Promise<ShareUserStatistics> {
  const data = await call(api.share.userShareStatistics, { body: { dateType }, query: {} }, { signal, quiet: true });
  if (!('dateType' in data)) throw new ApiError({ code: 500, msg: messages.common.requestException });
  return data;
}

export function shareUserStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'share-user', dateType] as const,
    queryFn: ({ signal }) => getUserShareStatistics(dateType, signal),
  });
}

export function useShareUserStatistics(dateType: number, enabled = true) {
  return useQuery({ ...shareUserStatisticsQueryOptions(dateType), enabled });
}
