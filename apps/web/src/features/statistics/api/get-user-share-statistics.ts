import type { ShareUserStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/user/get-user-share-statistics { dateType }`: share visits per sharer of the
 * shop or distributor. The same path without `dateType` is /my/share's own list.
 */
export function getUserShareStatistics(dateType: number, signal?: AbortSignal): Promise<ShareUserStatistics> {
  return apiPost<ShareUserStatistics>('/api/user/get-user-share-statistics', { dateType }, { signal, quiet: true });
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
