import type { RecordStatics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/record/get-record-statics { dateType }`: totals per status, the funnel and the trend. */
export function getRecordStatics(dateType: number, signal?: AbortSignal): Promise<RecordStatics> {
  // The page shows its own failure (a tap-to-retry block), not the request-exception dialog.
  return apiPost<RecordStatics>('/api/record/get-record-statics', { dateType }, { signal, quiet: true });
}

export function recordStaticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: ['statistics', 'records', dateType] as const,
    queryFn: ({ signal }) => getRecordStatics(dateType, signal),
  });
}

export function useRecordStatics(dateType: number) {
  return useQuery(recordStaticsQueryOptions(dateType));
}
