import { api } from '@baobei/shared/contract';
import type { RecordStatistics } from '@baobei/shared/schemas/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

/** The reports of the period (`dateType`): totals per status, the funnel and the trend. */
export function getRecordStatistics(dateType: number, signal?: AbortSignal): Promise<RecordStatistics> {
  // The page shows its own failure (a tap-to-retry block), not the request-exception dialog.
  return call(api.statistics.getRecordStatics, { body: { dateType } }, { signal, quiet: true });
}

export function recordStatisticsQueryOptions(dateType: number) {
  return queryOptions({
    queryKey: statisticsKeys.records(dateType),
    queryFn: ({ signal }) => getRecordStatistics(dateType, signal),
  });
}

export function useRecordStatistics(dateType: number) {
  return useQuery(recordStatisticsQueryOptions(dateType));
}
