import type { AuditSubmitInput, RecordListItem } from '@baobei/shared/schemas/record-tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from './api-client';

/**
 * Every report query (lists, tab counts, details) is keyed under 'records', so one
 * invalidation after a status change refreshes whatever list or detail is open or cached
 * (part 2, section 4: "the list is flagged for refresh").
 */
export const RECORDS_QUERY_KEY = ['records'] as const;

/**
 * `POST /api/record/submit-record-audit-data`: the audit form and the detail's 未到访 / 已到访.
 * Quiet: the callers show 提交失败 / 订单数据提交异常 themselves (part 2, section 8).
 */
export function submitRecordAudit(input: AuditSubmitInput): Promise<RecordListItem> {
  return apiPost<RecordListItem>('/api/record/submit-record-audit-data', input, { quiet: true });
}

export function useSubmitRecordAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRecordAudit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECORDS_QUERY_KEY }),
  });
}
