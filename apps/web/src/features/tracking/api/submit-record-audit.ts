import { api } from '@baobei/shared/contract';
import type { CallInput } from '@baobei/shared/contract/endpoint';
import type { RecordListItem } from '@baobei/shared/schemas/record-tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordKeys } from './query-keys';

/**
 * Changes a report's status: the audit form and the detail's 未到访 / 已到访.
 * Quiet: the callers show 提交失败 / 订单数据提交异常 themselves (part 2, section 8).
 */
/** The call's body as sent (a deal's amounts are 元 texts, decision 052). */
export type AuditSubmitBody = CallInput<typeof api.record.submitRecordAuditData>['body'];

export function submitRecordAudit(input: AuditSubmitBody): Promise<RecordListItem> {
  return call(api.record.submitRecordAuditData, { body: input }, { quiet: true });
}

export function useSubmitRecordAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRecordAudit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}
