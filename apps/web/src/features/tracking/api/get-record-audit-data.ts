import { api } from '@baobei/shared/contract';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

/** The report for the audit page, with approvalStatusPermission. */
export function getRecordAuditData(id: number, signal?: AbortSignal): Promise<RecordDetail> {
  // Part 2, section 8: the page says 获取数据失败 itself.
  return call(api.record.getRecordAuditData, { body: { id } }, { signal, quiet: true });
}

/**
 * Not under 'records': the success invalidation of a submit must not reload (and reset)
 * the form behind its own success dialog. Always fetched on open for a current version.
 */
export function recordAuditQueryOptions(id: number) {
  return queryOptions({
    queryKey: recordKeys.audit(id),
    queryFn: ({ signal }) => getRecordAuditData(id, signal),
    staleTime: 0,
  });
}

export function useRecordAuditData(id: number) {
  return useQuery({ ...recordAuditQueryOptions(id), enabled: id > 0 });
}
