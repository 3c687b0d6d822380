import type { StaffStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/record/get-user-to-record-statics { dateType }`: the funnel of each staff member. */
export function getUserToRecordStatistics(dateType: number, signal?: AbortSignal): Promise<StaffStatistics> {
  return apiPost<StaffStatistics>('/api/record/get-user-to-record-statics', { dateType }, { signal, quiet: true });
}

export function staffStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'staff', dateType] as const,
    queryFn: ({ signal }) => getUserToRecordStatistics(dateType, signal),
  });
}

export function useStaffStatistics(dateType: number, enabled = true) {
  return useQuery({ ...staffStatisticsQueryOptions(dateType), enabled });
}
