import { api } from '@baobei/shared/contract';
import type { StaffStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/** The funnel of each staff member with reports in the period (`dateType`). */
export function getUserToRecordStatistics(dateType: number, signal?: AbortSignal): Promise<StaffStatistics> {
  return call(api.statistics.getUserToRecordStatics, { body: { dateType } }, { signal, quiet: true });
}

export function staffStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: statisticsKeys.staff(dateType),
    queryFn: ({ signal }) => getUserToRecordStatistics(dateType, signal),
  });
}

export function useStaffStatistics(dateType: number, enabled = true) {
  return useQuery({ ...staffStatisticsQueryOptions(dateType), enabled });
}
