import type { HouseStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/record/get-house-to-record-statics { dateType }`: the funnel of each listing. */
export function getHouseToRecordStatistics(dateType: number, signal?: AbortSignal): Promise<HouseStatistics> {
  return apiPost<HouseStatistics>('/api/record/get-house-to-record-statics', { dateType }, { signal, quiet: true });
}

export function houseStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'house', dateType] as const,
    queryFn: ({ signal }) => getHouseToRecordStatistics(dateType, signal),
  });
}

export function useHouseStatistics(dateType: number, enabled = true) {
  return useQuery({ ...houseStatisticsQueryOptions(dateType), enabled });
}
