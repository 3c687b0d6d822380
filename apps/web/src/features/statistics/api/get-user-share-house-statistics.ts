import type { ShareHouseStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/user/get-user-share-house-statistics { dateType }`: share visits per listing
 * shared by the shop or distributor. With `houseId` instead it is /my/share's visit list.
 */
export function getUserShareHouseStatistics(dateType: number, signal?: AbortSignal): Promise<ShareHouseStatistics> {
  return apiPost<ShareHouseStatistics>('/api/user/get-user-share-house-statistics', { dateType }, { signal, quiet: true });
}

export function shareHouseStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'share-house', dateType] as const,
    queryFn: ({ signal }) => getUserShareHouseStatistics(dateType, signal),
  });
}

export function useShareHouseStatistics(dateType: number, enabled = true) {
  return useQuery({ ...shareHouseStatisticsQueryOptions(dateType), enabled });
}
