/**
 * Issue 17, item 5: the commission (结佣) of a deal from the listing's commission policy
 * (docs/decisions/052). Money is integer 分 throughout; percentages are integer millionths
 * (1% = 10_000) and products are taken in BigInt, so no float ever touches an amount.
 *
 * The policy's fields are the console's free texts: 佣金点位 (`secondaryPoint`: "3%", "2.5"
 * — a bare number is a percentage, as formatCommission shows it — or "2万/套", "20000元")
 * and 奖励 (`secondaryAward`: "成交奖励2000元/套", "成交奖励1%+3000元/套"; a 带看 reward is
 * per visit, not per deal, and is not counted). The policy used is the one of the deal's
 * property type valid on the signing date; a dated policy (an incentive period) wins over a
 * long-term one, then the console's order.
 */
import { messages } from '../messages';
import type { BuildingProperty } from './house';

const text = messages.deal;

export interface PolicyForDeal {
  id: number;
  buildingProperty: BuildingProperty;
  policyStartDate: string | null;
  policyEndDate: string | null;
  longTerm: boolean;
  secondaryPoint: string;
  secondaryAward: string;
  sort: number;
}

export interface CommissionBreakdown {
  policyId: number | null;
  /** How the base was computed, e.g. 成交总价的 2.5% or 固定 20000.00 元/套; '' without a policy. */
  basis: string;
  baseFen: number;
  incentiveFen: number;
  totalFen: number;
  /** Why something was not counted; non-empty means the auditor admin should look. */
  notes: string[];
}

/** A decimal text ("2.5", "20000", "1.25") as an integer scaled by 10^digits; null if not a plain decimal or too precise. */
export function scaledDecimal(value: string, digits: number): number | null {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
}

/** "1234.5" 元 → 123450 分; null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseYuan(value: string): number | null {
  const fen = scaledDecimal(value, 2);
  return fen !== null && Number.isSafeInteger(fen) ? fen : null;
}

/** 123450 → "1234.50" (元, two decimals, no float). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456789 → "1,234,567.89": formatFen with thousands separators, for reading on a screen. */
export function formatFenGrouped(fen: number): string {
  const [whole, cents] = formatFen(fen).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/**
 * A large amount for a headline figure: 万元 with 2 decimals from 10万元 up (22,230,000.00 元 →
 * { value: '2,223.00', unit: '万元' }), else 元 as formatFenGrouped.
 */
export function formatFenHeadline(fen: number): { value: string; unit: '元' | '万元' } {
  if (Math.abs(fen) < 10_000_000) return { value: formatFenGrouped(fen), unit: '元' };
  return { value: formatFenGrouped(Math.round(fen / 10_000)), unit: '万元' };
}

/** `priceFen` × `millionths` / 1,000,000, rounded half up, in BigInt. */
export function percentOf(priceFen: number, millionths: number): number {
  const product = BigInt(priceFen) * BigInt(millionths);
  return Number((product + 500_000n) / 1_000_000n);
}

type Term = { kind: 'percent'; millionths: number; raw: string } | { kind: 'fixed'; fen: number; raw: string };

const PERCENT = /(\d+(?:\.\d+)?)\s*[%％]/g;
const AMOUNT = /(\d+(?:\.\d+)?)\s*(万|元)/g;

/**
 * A policy text read once: the listing list ranks thousands of listings by the same few dozen
 * texts (commission-rank.ts), and reading them again was a third of its time. Bounded, so texts
 * typed in the console over months do not grow it without end; the terms are never changed.
 */
function remembered<R>(read: (value: string) => R): (value: string) => R {
  const known = new Map<string, R>();
  return (value) => {
    if (known.has(value)) return known.get(value)!;
    if (known.size >= 2000) known.clear();
    const result = read(value);
    known.set(value, result);
    return result;
  };
}

/** The terms of a policy text: every "n%" and every "n元" / "n万". */
const termsOf = remembered((value: string): readonly Term[] | null => {
  const terms: Term[] = [];
  for (const m of value.matchAll(PERCENT)) {
    const millionths = scaledDecimal(m[1]!, 4);
    if (millionths === null) return null;
    terms.push({ kind: 'percent', millionths, raw: m[1]! });
  }
  for (const m of value.matchAll(AMOUNT)) {
    const fen = m[2] === '万' ? scaledDecimal(m[1]!, 6) : scaledDecimal(m[1]!, 2);
    if (fen === null) return null;
    terms.push({ kind: 'fixed', fen, raw: m[1]! });
  }
  return terms;
});

/** 佣金点位: one term; a bare number is a percentage (formatCommission). Null when unreadable. */
export const parsePoint = remembered((point: string): Term | null => {
  const trimmed = point.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    const millionths = scaledDecimal(trimmed, 4);
    return millionths === null ? null : { kind: 'percent', millionths, raw: trimmed };
  }
  const terms = termsOf(trimmed);
  return terms && terms.length === 1 ? terms[0]! : null;
});

/** Whether a policy is valid on `day` (YYYY-MM-DD): long-term, or the day within its period (open ends count as open). */
export function policyValidOn(policy: Pick<PolicyForDeal, 'longTerm' | 'policyStartDate' | 'policyEndDate'>, day: string): boolean {
  if (policy.longTerm) return true;
  return (!policy.policyStartDate || policy.policyStartDate <= day) && (!policy.policyEndDate || policy.policyEndDate >= day);
}

/** The policy for a deal of `property` signed on `signedOn`: dated (incentive period) before long-term, then by sort. */
export function policyForDeal<P extends PolicyForDeal>(policies: readonly P[], property: BuildingProperty, signedOn: string): P | null {
  const valid = policies.filter((p) => p.buildingProperty === property && policyValidOn(p, signedOn));
  valid.sort((a, b) => Number(a.longTerm) - Number(b.longTerm) || a.sort - b.sort || a.id - b.id);
  return valid[0] ?? null;
}

/** The commission of a deal of `totalPriceFen` under `policy` (null: no valid policy, commission 0). */
export function commissionOf(policy: PolicyForDeal | null, totalPriceFen: number): CommissionBreakdown {
  if (!policy) return { policyId: null, basis: '', baseFen: 0, incentiveFen: 0, totalFen: 0, notes: [text.noPolicy] };
  const notes: string[] = [];
  let baseFen = 0;
  let basis = '';
  const point = parsePoint(policy.secondaryPoint);
  if (!point) notes.push(text.pointUnreadable(policy.secondaryPoint));
  else if (point.kind === 'percent') {
    baseFen = percentOf(totalPriceFen, point.millionths);
    basis = text.basePercent(point.raw);
  } else {
    baseFen = point.fen;
    basis = text.baseFixed(formatFen(point.fen));
  }
  let incentiveFen = 0;
  const award = policy.secondaryAward.trim();
  if (award) {
    if (award.includes('带看')) notes.push(text.awardNotDeal(award));
    else {
      const terms = termsOf(award);
      if (!terms || terms.length === 0) notes.push(text.awardUnreadable(award));
      else for (const t of terms) incentiveFen += t.kind === 'percent' ? percentOf(totalPriceFen, t.millionths) : t.fen;
    }
  }
  return { policyId: policy.id, basis, baseFen, incentiveFen, totalFen: baseFen + incentiveFen, notes };
}

export const SETTLEMENT_STATES = ['PENDING', 'PARTIAL', 'SETTLED'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** 待结佣 → 部分结佣 → 已结佣 from what was paid against the commission (the adjusted one when set). */
export function settlementState(commissionFen: number, paidFen: number): SettlementState {
  if (paidFen <= 0) return 'PENDING';
  return paidFen >= commissionFen ? 'SETTLED' : 'PARTIAL';
}

export const settlementText = (state: SettlementState): string => text.settlement[state];

/** The Chinese refusal of a payment of `amountFen`, or null when it fits what is left. */
export function paymentProblem(commissionFen: number, paidFen: number, amountFen: number): string | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return text.amountInvalid;
  if (paidFen + amountFen > commissionFen) return text.overpay(formatFen(Math.max(commissionFen - paidFen, 0)));
  return null;
}

/** The Chinese refusal of an adjustment to `adjustedFen`, or null: never below what was already paid. */
export function adjustProblem(adjustedFen: number, paidFen: number): string | null {
  if (!Number.isSafeInteger(adjustedFen) || adjustedFen < 0) return text.adjustInvalid;
  if (adjustedFen < paidFen) return text.adjustBelowPaid(formatFen(paidFen));
  return null;
}
