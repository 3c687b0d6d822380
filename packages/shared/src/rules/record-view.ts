import { messages } from '../messages';
import { protectionModeMessages } from '../messages/protection-mode';
import { statusesReaching } from './record-funnel';
import { isAssignedAuditor, isAuditor, isAuditorAdmin } from './access';
import { hasAnyPermission } from './permissions';
import { isStoreRole } from './progress';
import {
  allowedTargets,
  canTransition,
  CLOSED_STATUSES,
  isClosedStatus,
  PRE_VISIT_STATUSES,
  type RecordStatus,
  type TransitionActor,
  type TransitionRules,
} from './record-status';
import type { PhoneRule } from './house';
import { reportPhoneFor } from './report-phone';
import type { Role } from './roles';
import { formatShanghaiMinute, shanghaiInstant } from './shanghai-time';
import { AWAITING_VISIT_STATUSES } from './awaiting-visit';

/**
 * Rules of the report list, detail and audit screens (part 2, sections 2-6), shared by the
 * server (which computes the flags it sends) and the client (which offers only what is legal).
 */
const recordText = messages.recordTrack;

/** Statuses in which the report still waits for the customer's arrival, and may still get it (未到访 has lost it). */
const EARLY = AWAITING_VISIT_STATUSES;

/**
 * Statuses whose protection runs out (docs/decisions/051): the report protection while the
 * customer has not visited (until protect_until), the viewing protection once visited (until the
 * visit time plus the listing's take-look hours). A deal is never freed by time.
 */
export const EXPIRING_STATUSES: readonly RecordStatus[] = [...EARLY, 'VISIT'];

/**
 * When the report's protection ends, or null when time never ends it (closed, not visited, a
 * deal). A visited report without a recorded visit time keeps its report protection's end.
 */
export function protectionDueAt(
  report: { status: RecordStatus; protectUntil: Date; visitTime: Date | null },
  takeLookProtectHours: number,
): Date | null {
  if (EARLY.includes(report.status)) return report.protectUntil;
  if (report.status !== 'VISIT') return null;
  if (!report.visitTime) return report.protectUntil;
  return new Date(report.visitTime.getTime() + takeLookProtectHours * 3_600_000);
}

/** When the reporter is warned: `warningHours` before the due time (company setting, default 24). */
export function protectionWarningAt(dueAt: Date, warningHours: number): Date {
  return new Date(dueAt.getTime() - warningHours * 3_600_000);
}

/**
 * 已过保护期 (DECISIONS.md, protection expiry; docs/decisions/051): the protection job stored the
 * end of the report's protection and the report is still in a status that time ends. The stored
 * fact, not the clock, so the list, 重新报备 and the duplicate rule always agree.
 */
export function isReportExpired(status: RecordStatus, protectionExpiredAt: Date | null): boolean {
  return protectionExpiredAt !== null && EXPIRING_STATUSES.includes(status);
}

/**
 * The console's 保护期 column and filter (issue 28, item 4): where a report's protection stands.
 * EXPIRED is the job's stored fact (isReportExpired); otherwise a report whose protection time
 * can end is EXPIRING from the warning (`warningHours` before its due time, the reporter's
 * warning) and PROTECTED before. Null when time never ends it (a deal, closed, not visited).
 * The filter's SQL (admin-record-repository.ts, `protectionStateSql`) is this rule.
 */
export const PROTECTION_STATES = ['PROTECTED', 'EXPIRING', 'EXPIRED'] as const;
export type ProtectionState = (typeof PROTECTION_STATES)[number];

export function protectionState(
  report: { status: RecordStatus; protectionExpiredAt: Date | null; protectionDueAt: Date | null },
  warningHours: number,
  now: Date,
): ProtectionState | null {
  if (!EXPIRING_STATUSES.includes(report.status)) return null;
  if (report.protectionExpiredAt) return 'EXPIRED';
  if (!report.protectionDueAt) return null;
  return protectionWarningAt(report.protectionDueAt, warningHours) <= now ? 'EXPIRING' : 'PROTECTED';
}

/**
 * The state with the instant the console shows beside it: when the protection ends, or for
 * EXPIRED when it ended. The report table and its export both read it.
 */
export function protectionStanding(
  report: { status: RecordStatus; protectionExpiredAt: Date | null; protectionDueAt: Date | null },
  warningHours: number,
  now: Date,
): { state: ProtectionState; until: Date } | null {
  const state = protectionState(report, warningHours, now);
  const until = state === 'EXPIRED' ? report.protectionExpiredAt : report.protectionDueAt;
  return state && until ? { state, until } : null;
}

/** Statuses that never protect the customer, whatever the time: the duplicate rule skips them too. */
export const STATUSES_WITHOUT_PROTECTION: readonly RecordStatus[] = [...CLOSED_STATUSES, 'UNVISIT'];

/**
 * The report no longer protects its customer for this listing, so the same distributor may
 * report them again (re-report) and another distributor may report them: it was closed or not
 * visited, or its protection expired (the job's stored fact). The duplicate rule's SQL
 * (record-repository.ts, `protecting`) is this rule.
 */
export function protectionEnded(status: RecordStatus, protectionExpiredAt: Date | null): boolean {
  return STATUSES_WITHOUT_PROTECTION.includes(status) || isReportExpired(status, protectionExpiredAt);
}

/** Part 2, section 6: the detail's action label per role. */
export function detailActionLabel(role: Role, status: RecordStatus): string {
  if (isAuditorAdmin(role)) return recordText.actionAudit;
  if (isAssignedAuditor(role)) return isClosedStatus(status) ? recordText.actionView : recordText.actionAudit;
  return recordText.actionChannel;
}

/** Part 2, section 2.2: 更改报备单状态 needs RECORDEDIT or approval, and not for pending, processing or closed reports. */
export function canChangeStatusFromMenu(permissionList: readonly string[], status: RecordStatus): boolean {
  if (!hasAnyPermission(permissionList, ['RECORDEDIT', 'RECORD_APPROVAL'])) return false;
  return status !== 'RECORDSTART' && status !== 'RECORDSTANDBY' && !isClosedStatus(status);
}

/** Part 2, section 2.2: shop manager and clerk roles re-report when isRecordAgain and without approval permission. */
export function canReReport(staffType: string, permissionList: readonly string[], isRecordAgain: number): boolean {
  return isStoreRole(staffType) && isRecordAgain === 1 && !hasAnyPermission(permissionList, ['RECORD_APPROVAL']);
}

/** Part 2, section 4: 未到访 / 已到访 from RECORDCOMPLETE for users with approval permission. */
export function canMarkVisit(permissionList: readonly string[], status: RecordStatus): boolean {
  return status === 'RECORDCOMPLETE' && hasAnyPermission(permissionList, ['RECORD_APPROVAL']);
}

/** Part 2, section 4 and decision 019: dial only where allowed, and never a masked (hidden) number. */
export function canDialCustomer(canDial: number, phone: string): boolean {
  return canDial === 1 && phone !== '' && !phone.includes('*');
}

/** Who looks at a report: the session's role, distributor staff type and permissions. */
export interface ReportViewer {
  role: Role | null;
  staffType: string;
  permissionList: readonly string[];
}

/** A report with the viewer's flags from the server (a list row or the detail). */
export interface ReportForActions {
  approvalStatus: RecordStatus;
  permission: number;
  isRecordAgain: number;
  canDial: number;
  customerInfo: { phone: string };
}

export interface ReportActions {
  /** 审核 / 查看 / 报备单操作 (permission=1), or null. */
  menuLabel: string | null;
  canChangeStatus: boolean;
  canReReport: boolean;
  canMarkVisit: boolean;
  canDial: boolean;
}

/** What the viewer may do with one report, alike on its list row and its detail. */
export function reportActions(viewer: ReportViewer, report: ReportForActions): ReportActions {
  const status = report.approvalStatus;
  return {
    menuLabel: report.permission === 1 && viewer.role ? detailActionLabel(viewer.role, status) : null,
    canChangeStatus: canChangeStatusFromMenu(viewer.permissionList, status),
    canReReport: canReReport(viewer.staffType, viewer.permissionList, report.isRecordAgain),
    canMarkVisit: canMarkVisit(viewer.permissionList, status),
    canDial: canDialCustomer(report.canDial, report.customerInfo.phone),
  };
}

/** Part 2, section 2.3: 审核 for a pending report, otherwise 修改. */
export function auditDialogTitle(status: RecordStatus): string {
  return status === 'RECORDSTART' ? recordText.auditDialogTitle : recordText.modifyDialogTitle;
}

/**
 * Part 2, section 5: 确定要更改订单状态？ plus, for closing statuses, the closing line, plus
 * 此操作不可逆. On a 到访为王 listing a move that confirms the arrival says first that it closes
 * the customer's other reports (issue 28, item 8; decision 053): `arrivalFrom` is the status the
 * move leaves, given for such a listing only.
 */
export function auditConfirmText(to: RecordStatus, arrivalFrom?: RecordStatus): string {
  const closesRivals = arrivalFrom !== undefined && PRE_VISIT_STATUSES.includes(arrivalFrom) && statusesReaching('visited').includes(to);
  return `${closesRivals ? protectionModeMessages.arrivalClosesOthers : ''}${recordText.confirmChange}${isClosedStatus(to) ? recordText.confirmClosing : ''}${recordText.confirmIrreversible}`;
}

/**
 * What an audit may set: a legal move of the shared machine, or the current status again
 * (the 修改 dialog: opinion or visit time changed, status kept). A pending report must move;
 * a closed one is touched only by the auditor admin.
 */
export function canAuditTo(from: RecordStatus, to: RecordStatus, actor: TransitionActor, rules: TransitionRules): boolean {
  if (actor === 'EXTERNAL') return canTransition(from, to, actor, rules);
  if (to === from) return from !== 'RECORDSTART' && (actor === 'AUDITORADMIN' || !isClosedStatus(from));
  return canTransition(from, to, actor, rules);
}

/**
 * The status choices of the audit form, current status first where it may be kept (the
 * picker defaults to it). Reject on (auditors, pending reports) forces RECORDCLOSE.
 */
export function auditStatusChoices(
  from: RecordStatus,
  actor: TransitionActor,
  reback: boolean,
  rules: TransitionRules,
): RecordStatus[] {
  if (reback) return ['RECORDCLOSE'];
  const moves = allowedTargets(from, actor, rules);
  return canAuditTo(from, from, actor, rules) ? [from, ...moves] : moves;
}

/** The reject switch exists for auditors on pending reports only. */
export function canReback(role: Role, status: RecordStatus): boolean {
  return isAuditor(role) && status === 'RECORDSTART';
}

/** DECISIONS.md: the audit form's actual visit time runs from 2020-01-01 to now. */
export const AUDIT_VISIT_EARLIEST = shanghaiInstant(2020, 0, 1);

export function isAuditVisitTimeAllowed(at: Date, now: Date): boolean {
  return at.getTime() >= AUDIT_VISIT_EARLIEST.getTime() && at.getTime() <= now.getTime();
}

const MINUTE_MS = 60_000;
const floorMinute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The actual visit time the developer's on-site staff set when confirming an
 * arrival. Not in the future, not before the report was made (the minute of its creation counts,
 * since the picker has minutes only). Null when allowed, else the message to show.
 */
export function arrivalTimeProblem(at: Date, reportCreatedAt: Date, now: Date): string | null {
  if (at.getTime() > now.getTime()) return recordText.arrivalInFuture;
  if (at.getTime() < floorMinute(reportCreatedAt).getTime()) return recordText.arrivalBeforeReport(formatShanghaiMinute(reportCreatedAt));
  return null;
}

/** The picker's window for the arrival: [the minute of the report's creation, now]. */
export function arrivalTimeWindow(reportCreatedAt: Date, now: Date): { min: Date; max: Date } {
  return { min: floorMinute(reportCreatedAt), max: now };
}

export interface CopyableReport {
  distributorName: string;
  subdistributorName: string;
  dkName: string;
  dkPhone: string;
  customerInfo: { name: string; phone: string; sex: number };
  visitorNum: number;
  houseName: string;
  /** 'YYYY-MM-DD HH:mm' or ''. */
  estimatedVisitTime: string;
  reception: string;
  remark: string;
}

/**
 * Part 2, section 9: the copied report text, one 'label：value' line per field in the
 * spec's order. Sex 1 is 男, anything else 女; the visit date keeps the date part only.
 */
export function reportCopyLines(r: CopyableReport): { label: string; value: string }[] {
  const l = recordText.copyLabels;
  const orNone = (v: string) => (v.trim() ? v : recordText.none);
  return [
    { label: l.firstCompany, value: orNone(r.distributorName) },
    { label: l.secondCompany, value: orNone(r.subdistributorName) },
    { label: l.dkName, value: orNone(r.dkName) },
    { label: l.dkPhone, value: orNone(r.dkPhone) },
    { label: l.customerName, value: r.customerInfo.name },
    { label: l.customerPhone, value: r.customerInfo.phone },
    { label: l.customerSex, value: r.customerInfo.sex === 1 ? recordText.male : recordText.female },
    { label: l.visitorNum, value: String(r.visitorNum) },
    { label: l.house, value: r.houseName },
    { label: l.visitDate, value: r.estimatedVisitTime ? r.estimatedVisitTime.slice(0, 10) : recordText.none },
    { label: l.reception, value: orNone(r.reception) },
    { label: l.remark, value: orNone(r.remark) },
  ];
}

export function reportCopyText(r: CopyableReport): string {
  return reportCopyLines(r)
    .map((line) => `${line.label}：${line.value}`)
    .join('\n');
}

/**
 * 复制报备 from the reporter's side (issue 32, decision 090): the same text as the auditors',
 * for the developer's WeChat group, so the customer's phone reads as the developer's side
 * reads it (docs/decisions/019): a MASKED listing's number as 3 + 4 digits, even when the
 * broker typed it in full.
 */
export function developerGroupCopyText(r: CopyableReport & { customerInfo: { ruleTel: PhoneRule } }): string {
  const phone = reportPhoneFor('EXTERNAL', r.customerInfo.ruleTel, r.customerInfo.phone);
  return reportCopyText({ ...r, customerInfo: { ...r.customerInfo, phone } });
}
