import { api } from '@baobei/shared/contract';
import type { ShareUserStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/**
 * Share visits per sharer of the shop or distributor in the period: the statistics variant of
 * the call whose variant without `dateType` is /my/share's own list.
 */
export function getUserShareStatistics(dateType: number, signal?: AbortSignal): Promise<ShareUserStatistics> {
  return call(api.share.userShareStatistics.variants.scope, { body: { dateType }, query: {} }, { signal, quiet: true });
}

export function shareUserStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: statisticsKeys.shareUser(dateType),
    queryFn: ({ signal }) => getUserShareStatistics(dateType, signal),
  });
}

export function useShareUserStatistics(dateType: number, enabled = true) {
  return useQuery({ ...shareUserStatisticsQueryOptions(dateType), enabled });
}
