import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import type { ShareHouseStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/**
 * Share visits per listing shared by the shop or distributor in the period. The same call
 * with `houseId` instead of `dateType` is /my/share's visit list.
 */
export async function getUserShareHouseStatistics(dateType: number, signal?: AbortSignal): Promise<ShareHouseStatistics> {
  const data = await call(api.share.userShareHouseStatistics, { body: { dateType }, query: {} }, { signal, quiet: true });
  if (!('dateType' in data)) throw new ApiError({ code: 500, msg: messages.common.requestException });
  return data;
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
