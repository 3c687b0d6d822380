import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { AuditSubmitInput, RecordListItem } from '@baobei/shared/schemas/record-tracking';
import type { QueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { auditSubmitFailure } from './audit-submit-failure';
import { getReportHouseFacts } from '../../../api/report-house-facts';
import { reReportDraft, reReportFormPath, saveDraft, type ReReportSource } from '../../../lib/report-draft';

const recordText = messages.recordTrack;

/**
 * Part 2, section 4: 未到访 / 已到访 from RECORDCOMPLETE, after the irreversible-change confirm
 * (已到访 shows the chosen visit time in it). The report detail and the report list rows both
 * mark through here. Resolves to the report as it now is, or null when the
 * user cancelled or the change failed (the failure was told; `onStale` runs after a 409).
 */
export async function confirmMarkVisit(
  submit: (input: AuditSubmitInput) => Promise<RecordListItem>,
  report: { id: number; version: number },
  approvalStatus: RecordStatus,
  visitTime: string,
  onStale: () => void,
): Promise<RecordListItem | null> {
  const confirmed = await Dialog.confirm({
    title: recordText.markConfirmTitle,
    content: visitTime ? (
      <>
        <div data-testid="record-mark-visit-time">
          {recordText.labelVisitTime}：{visitTime}
        </div>
        <div>{recordText.markConfirm}</div>
      </>
    ) : (
      recordText.markConfirm
    ),
    confirmText: messages.common.confirm,
    cancelText: messages.common.cancel,
  });
  if (!confirmed) return null;
  try {
    return await submit({ id: report.id, approvalStatus, visitTime, reback: false, approvalResult: '', version: report.version });
  } catch (e) {
    const failure = auditSubmitFailure(e);
    if (!failure) return null;
    await Dialog.alert({ title: failure.title, content: failure.content, confirmText: messages.common.confirm });
    if (failure.stale) onStale();
    return null;
  }
}

/**
 * Part 2, section 4: 重新报备 — the customer, visitor count and viewing person go into a new
 * form for the listing. From the detail and from a list row.
 */
export async function startReReport(
  queryClient: QueryClient,
  source: ReReportSource & { houseId: number },
  go: (path: string) => void,
): Promise<void> {
  const loading = Toast.show({ icon: 'loading', content: messages.common.loading, duration: 0 });
  try {
    const house = await getReportHouseFacts(queryClient, source.houseId);
    await saveDraft(reReportDraft(source, house));
    loading.close();
    go(reReportFormPath(source.houseId));
  } catch (e) {
    loading.close();
    if (!(isApiError(e) && e.code === 401)) Toast.show({ content: errorMessage(e, messages.common.requestException) });
  }
}
