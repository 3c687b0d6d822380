import { messages } from '@baobei/shared/messages';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { isAuditorAdmin } from '@baobei/shared/rules/access';
import { commissionPointText } from '@baobei/shared/rules/house-format';
import { isAuditorRole, type RoleLike } from '@baobei/shared/rules/roles';
import { DEAL_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import type { Deal } from '@baobei/shared/schemas/record-deal';
import { isApiError } from '../../../lib/api-error';

const text = messages.deal.card;
const yuan = (fen: number) => text.yuan(formatFenGrouped(fen));


export interface DealRow {
  key: string;
  label: string;
  value: string;
}

/** The deal's facts as the card lists them (the contract picture is shown apart). */
export function dealFactRows(deal: Deal): DealRow[] {
  return [
    { key: 'unit', label: text.unit, value: `${deal.building} ${deal.room}` },
    { key: 'floorArea', label: text.floorArea, value: text.area(deal.floorArea) },
    { key: 'totalPrice', label: text.totalPrice, value: yuan(deal.totalPriceFen) },
    { key: 'signedOn', label: text.signedOn, value: deal.signedOn },
    { key: 'propertyType', label: text.propertyType, value: deal.propertyTypeText },
  ];
}

/** The commission's breakdown: base (with how it was computed), incentive, the policy's total. */
export function commissionRows(deal: Deal): DealRow[] {
  const b = deal.breakdown;
  return [
    { key: 'base', label: text.base, value: b.basis ? `${yuan(b.baseFen)}（${b.basis}）` : yuan(b.baseFen) },
    { key: 'incentive', label: text.incentive, value: yuan(b.incentiveFen) },
    { key: 'computed', label: text.computed, value: yuan(b.totalFen) },
  ];
}

/** The policy used, as snapshotted at recording: point, award, period (none valid: said so). */
export function policyRows(deal: Deal): DealRow[] {
  const p = deal.policy;
  if (!p) return [{ key: 'policy', label: text.policy, value: text.noPolicy }];
  const period = p.longTerm ? text.longTerm : text.period(p.policyStartDate || text.openEnd, p.policyEndDate || text.openEnd);
  return [
    { key: 'point', label: text.policyPoint, value: commissionPointText(p.secondaryPoint) || '—' },
    { key: 'award', label: text.policyAward, value: p.secondaryAward || '—' },
    { key: 'period', label: text.policyPeriod, value: period },
  ];
}

/**
 * What the viewer may do from the card: the auditor admin adjusts and pays (nothing is left to
 * pay once settled), corrects the deal and reverses a payment (decision 080).
 */
export function dealActions(role: RoleLike, deal: Deal) {
  const admin = isAuditorAdmin(role);
  return { canAdjust: admin, canPay: admin && deal.leftFen > 0, canEdit: admin, canReverse: admin };
}

/**
 * 录入成交: an auditor of the report (the audit scope: permission 1, as the action menu) at 成交
 * or 确认成交, with no deal yet. The server decides in the end (another auditor's report is 404).
 */
export function canRecordDeal(role: RoleLike, report: { approvalStatus: RecordStatus; permission: number }, hasDeal: boolean): boolean {
  return !hasDeal && isAuditorRole(role) && report.permission === 1 && DEAL_STATUSES.includes(report.approvalStatus);
}

export interface DealCallFailure {
  message: string;
  /** 409: the deal changed meanwhile (or was recorded by someone else): reload before another try. */
  stale: boolean;
}

/** A refused deal call: the server's message as it came; no answer: 请求异常; null when already told (401). */
export function dealCallFailure(error: unknown): DealCallFailure | null {
  if (!isApiError(error)) return { message: messages.common.requestException, stale: false };
  if (error.handled || error.code === 401) return null;
  if (error.code === 0) return { message: messages.common.requestException, stale: false };
  return { message: error.msg || messages.common.requestException, stale: error.code === 409 };
}
