import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

/** externalLinkAnswerSchema: `path` is '/external/record/list?houseId=..&sign=..'. */
export interface ExternalLinkAnswer {
  houseId: number;
  houseName: string;
  path: string;
}

/** `POST /api/record/get-report-auto-link { houseId }` (auditors): the listing's signed 案场确认 link. */
export function getReportAutoLink(houseId: number, signal?: AbortSignal): Promise<ExternalLinkAnswer> {
  return apiPost<ExternalLinkAnswer>('/api/record/get-report-auto-link', { houseId }, { signal, quiet: true });
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
