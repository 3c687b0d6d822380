/**
 * Finding listings by what they pay (issue 32 item 5, decision 090). A listing's commission
 * for a property type is that of its policy in force today (policyForDeal: a dated policy, an
 * incentive period, before a long-term one, then the console's order), estimated for one home
 * at the listing's reference price by the deals' own rule (commissionOf), so a percentage and a
 * fixed amount compare in 元 per home.
 */
import { commissionOf, parsePoint, policyForDeal, policyValidOn, type PolicyForDeal } from './commission';
import type { BuildingProperty } from './house';

/** The property type the list's commission figures are for until the broker picks another. */
export const DEFAULT_COMMISSION_PROPERTY: BuildingProperty = 'RESIDENCE';

/** 高佣 from this estimated commission per home (元) unless the company sets its own line. */
export const DEFAULT_HIGH_COMMISSION_YUAN = 30_000;
export const HIGH_COMMISSION_MAX_YUAN = 10_000_000;

export interface ListingPrice {
  /** 总价, 万元 per home (the list's 万/套). */
  packagePrice: number | null;
  /** 均价, 元/㎡. */
  averagePrice: number | null;
  /** The smallest unit type's floor area (㎡), null without unit types. */
  minFloorArea: number | null;
}

/**
 * One home's price in 分: the package price, else the average price times the smallest unit
 * type's floor area (the listing's 起价 home, as the price filter reads it); null when neither.
 */
export function referencePriceFen({ packagePrice, averagePrice, minFloorArea }: ListingPrice): number | null {
  if (packagePrice) return Math.round(packagePrice * 1_000_000);
  if (averagePrice && minFloorArea) return Math.round(averagePrice * minFloorArea * 100);
  return null;
}

const hasPercent = (text: string) => /[%％]/.test(text);

/**
 * The estimated commission of one home under `policy` at `priceFen` (分), or null when it
 * cannot be told: no policy, an unreadable 佣金点位, or a percentage without a price.
 */
export function estimatedCommissionFen(policy: PolicyForDeal | null, priceFen: number | null): number | null {
  if (!policy) return null;
  const point = parsePoint(policy.secondaryPoint);
  if (!point) return null;
  const needsPrice = point.kind === 'percent' || (!policy.secondaryAward.includes('带看') && hasPercent(policy.secondaryAward));
  if (needsPrice && priceFen === null) return null;
  return commissionOf(policy, priceFen ?? 0).totalFen;
}

/** The listing's estimate for `property` on `today` (YYYY-MM-DD) from all its policies. */
export function listingCommissionFen(
  policies: readonly PolicyForDeal[],
  property: BuildingProperty,
  today: string,
  price: ListingPrice,
): number | null {
  return estimatedCommissionFen(policyForDeal(policies, property, today), referencePriceFen(price));
}

/** 有激励: a dated policy (an incentive period) of any property type is in force on `today`. */
export function hasIncentiveOn(policies: readonly Pick<PolicyForDeal, 'longTerm' | 'policyStartDate' | 'policyEndDate'>[], today: string): boolean {
  return policies.some((p) => !p.longTerm && policyValidOn(p, today));
}

/** 高佣: an estimate at or above the company's line (元 per home). */
export function isHighCommission(estimateFen: number | null, lineYuan: number): boolean {
  return estimateFen !== null && estimateFen >= lineYuan * 100;
}

/**
 * Whether the list is asked by what it pays (佣金从高到低, 高佣 or 有激励): then the server reads every
 * card's commission for the chosen property type, with its estimate, and the card says which type.
 */
export function listsByCommission(filters: { order: string; highCommission: string; incentive: string }): boolean {
  return filters.order === 'COMMISSION' || filters.highCommission === '1' || filters.incentive === '1';
}

/** PostgreSQL's integer, the list cursor's sort value (schemas/fields' DB_INT_MAX; rules do not read schemas). */
const DB_INT_MAX = 2_147_483_647;

/** The ordering value of an estimate: the estimate in 分 (capped to a database integer), -1 without one. */
export function commissionSortKey(estimateFen: number | null): number {
  return estimateFen === null ? -1 : Math.min(estimateFen, DB_INT_MAX);
}

/** 佣金从高到低: the larger estimate first, listings without one last, then by id (the list cursor's order). */
export function byCommission<T extends { id: number; sortKey: number }>(a: T, b: T): number {
  return b.sortKey - a.sortKey || a.id - b.id;
}
