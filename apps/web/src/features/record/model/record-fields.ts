import { messages } from '@baobei/shared/messages';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';

const t = messages.recordTrack;

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
    ['createdAt', t.labelCreatedAt, r.createdAt],
    ['estimatedVisitTime', t.labelEstimatedVisit, r.estimatedVisitTime],
    ['visitTime', t.labelVisitTime, r.supVisiTimeStr || r.visitTime],
    ['auditAt', t.labelAuditAt, r.auditAt],
    ['visitorNum', t.labelVisitorNum, r.visitorNum > 0 ? String(r.visitorNum) : ''],
    ['distributor', t.labelDistributor, join(r.distributorName, r.subdistributorName)],
    ['broker', t.labelBroker, join(r.subdistributorUserName, r.subdistributorUserPhone)],
    ['dk', t.labelDk, join(r.dkName, r.dkPhone)],
    ['channel', t.labelChannel, join(r.channelName, r.channelMobile)],
    ['reception', t.labelReception, r.reception],
    ['remark', t.labelRemark, r.remark],
    ['approvalResult', t.labelApprovalResult, r.approvalResult],
    ['protectUntil', t.labelProtectUntil, r.protectUntil],
  ];
  return rows.map(([key, label, value]) => ({ key, label, value: value.trim() ? value : t.none }));
}
