import { messages } from '@baobei/shared/messages';
import { reportCopyLines, type CopyableReport } from '@baobei/shared/rules/record-view';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';

const recordText = messages.recordTrack;

export type RecordFieldKey =
  | 'createdAt'
  | 'estimatedVisitTime'
  | 'visitTime'
  | 'auditAt'
  | 'visitorNum'
  | 'distributor'
  | 'broker'
  | 'dk'
  | 'channel'
  | 'reception'
  | 'remark'
  | 'approvalResult'
  | 'protectUntil';

export interface RecordFieldRow {
  key: RecordFieldKey;
  label: string;
  /** Shown as is; 暂无 when the report has nothing there. */
  value: string;
}

type RecordFields = Pick<
  RecordDetail,
  | 'createdAt'
  | 'estimatedVisitTime'
  | 'visitTime'
  | 'supVisiTimeStr'
  | 'auditAt'
  | 'visitorNum'
  | 'distributorName'
  | 'subdistributorName'
  | 'subdistributorUserName'
  | 'subdistributorUserPhone'
  | 'dkName'
  | 'dkPhone'
  | 'channelName'
  | 'channelMobile'
  | 'reception'
  | 'remark'
  | 'approvalResult'
  | 'protectUntil'
>;

const join = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/** The order-information rows of a report (part 2, section 3), in the detail's order. */
export function recordFieldRows(r: RecordFields): RecordFieldRow[] {
  const rows: [RecordFieldKey, string, string][] = [
    ['createdAt', recordText.labelCreatedAt, r.createdAt],
    ['estimatedVisitTime', recordText.labelEstimatedVisit, r.estimatedVisitTime],
    ['visitTime', recordText.labelVisitTime, r.supVisiTimeStr || r.visitTime],
    ['auditAt', recordText.labelAuditAt, r.auditAt],
    ['visitorNum', recordText.labelVisitorNum, r.visitorNum > 0 ? String(r.visitorNum) : ''],
    ['distributor', recordText.labelDistributor, join(r.distributorName, r.subdistributorName)],
    ['broker', recordText.labelBroker, join(r.subdistributorUserName, r.subdistributorUserPhone)],
    ['dk', recordText.labelDk, join(r.dkName, r.dkPhone)],
    ['channel', recordText.labelChannel, join(r.channelName, r.channelMobile)],
    ['reception', recordText.labelReception, r.reception],
    ['remark', recordText.labelRemark, r.remark],
    ['approvalResult', recordText.labelApprovalResult, r.approvalResult],
    ['protectUntil', recordText.labelProtectUntil, r.protectUntil],
  ];
  return rows.map(([key, label, value]) => ({ key, label, value: value.trim() ? value : recordText.none }));
}

/** Rows of the detail that the copy format does not already hold. */
const AUDIT_EXTRA_FIELDS: readonly RecordFieldKey[] = ['createdAt', 'visitTime', 'auditAt', 'broker', 'channel', 'approvalResult', 'protectUntil'];

/**
 * The audit page's report card: the copy format's fields first, in its order, then the detail's
 * rows it does not hold. The copied text keeps the visit date only (part 2, section 9), but the
 * card shows the expected visit time to the minute, 'YYYY-MM-DD HH:mm' (Shanghai), under the
 * detail's label, as the detail page does (issue 28, item 9): the auditor needs the hour.
 */
export function auditReportRows(r: CopyableReport & RecordFields): { key: string; label: string; value: string }[] {
  const visitDateLabel = recordText.copyLabels.visitDate;
  return [
    ...reportCopyLines(r).map((line, index) =>
      line.label === visitDateLabel
        ? { key: 'estimatedVisitTime', label: recordText.labelEstimatedVisit, value: r.estimatedVisitTime.trim() || recordText.none }
        : { key: `copy-${index}`, ...line },
    ),
    ...recordFieldRows(r)
      .filter((row) => AUDIT_EXTRA_FIELDS.includes(row.key))
      .map((row) => ({ key: row.key, label: row.label, value: row.value })),
  ];
}
