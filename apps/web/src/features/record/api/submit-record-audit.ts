import type { AuditSubmitInput, RecordListItem } from '@baobei/shared/schemas/record-tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}
