import { messages } from '@baobei/shared/messages';
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
