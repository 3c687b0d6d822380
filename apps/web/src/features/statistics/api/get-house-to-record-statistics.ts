import { api } from '@baobei/shared/contract';
import type { HouseStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/** The funnel of each listing with reports in the period (`dateType`). */
export function getHouseToRecordStatistics(dateType: number, signal?: AbortSignal): Promise<HouseStatistics> {
  return call(api.statistics.getHouseToRecordStatics, { body: { dateType } }, { signal, quiet: true });
}

export function houseStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: statisticsKeys.house(dateType),
    queryFn: ({ signal }) => getHouseToRecordStatistics(dateType, signal),
  });
}

export function useHouseStatistics(dateType: number, enabled = true) {
  return useQuery({ ...houseStatisticsQueryOptions(dateType), enabled });
}
