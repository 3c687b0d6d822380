import type { HouseStatics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/record/get-house-to-record-statics { dateType }`: the funnel of each listing. */
export function getHouseToRecordStatics(dateType: number, signal?: AbortSignal): Promise<HouseStatics> {
  return apiPost<HouseStatics>('/api/record/get-house-to-record-statics', { dateType }, { signal, quiet: true });
}

export function houseStaticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'house', dateType] as const,
    queryFn: ({ signal }) => getHouseToRecordStatics(dateType, signal),
  });
}

export function useHouseStatics(dateType: number, enabled = true) {
  return useQuery({ ...houseStaticsQueryOptions(dateType), enabled });
}
