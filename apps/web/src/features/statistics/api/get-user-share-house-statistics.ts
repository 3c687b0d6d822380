import { api } from '@baobei/shared/contract';
import type { ShareHouseStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/**
 * Share visits per listing shared by the shop or distributor in the period: the statistics
 * variant of the call whose variant with `houseId` is /my/share's visit list.
 */
export function getUserShareHouseStatistics(dateType: number, signal?: AbortSignal): Promise<ShareHouseStatistics> {
  return call(api.share.userShareHouseStatistics.variants.scope, { body: { dateType }, query: {} }, { signal, quiet: true });
}

export function shareHouseStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: statisticsKeys.shareHouse(dateType),
    queryFn: ({ signal }) => getUserShareHouseStatistics(dateType, signal),
  });
}

export function useShareHouseStatistics(dateType: number, enabled = true) {
  return useQuery({ ...shareHouseStatisticsQueryOptions(dateType), enabled });
}
