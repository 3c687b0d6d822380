import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

/** `path` is '/external/record/list?houseId=..&sign=..'. */
export type ExternalLinkAnswer = DataOf<typeof api.record.getReportAutoLink>;

/** The listing's signed 案场确认 link (auditors). */
export function getReportAutoLink(houseId: number, signal?: AbortSignal): Promise<ExternalLinkAnswer> {
  return call(api.record.getReportAutoLink, { body: { houseId } }, { signal, quiet: true });
}

export function reportAutoLinkQueryOptions(houseId: number) {
  return queryOptions({
    queryKey: recordKeys.autoLink(houseId),
    queryFn: ({ signal }) => getReportAutoLink(houseId, signal),
  });
}

export function useReportAutoLink(houseId: number, enabled: boolean) {
  return useQuery({ ...reportAutoLinkQueryOptions(houseId), enabled: enabled && houseId > 0 });
}
