/**
 * Deal value and commission over a scope and period (docs/decisions/055): the statistics page's
 * 成交与佣金 figures and the console overview's. Integer 分 (decision 052) with the 元 texts beside.
 */
import { z } from 'zod';
import { formatFen } from '../rules/commission';

export const dealSumsSchema = z.object({
  /** Deals signed in the period. */
  dealCount: z.number(),
  /** 成交金额: the deals' total prices. */
  totalPriceFen: z.number(),
  /** 应结佣金: what is owed (the adjusted commission when set). */
  commissionFen: z.number(),
  /** 已结佣金: what was paid. */
  paidFen: z.number(),
  /** 待结佣金: owed minus paid. */
  pendingFen: z.number(),
  totalPrice: z.string(),
  commission: z.string(),
  paid: z.string(),
  pending: z.string(),
});
export type DealSums = z.infer<typeof dealSumsSchema>;

/** The sums' answer from the three sums of SQL (pending never below 0). */
export function dealSumsOf(raw: { dealCount: number; totalPriceFen: number; commissionFen: number; paidFen: number }): DealSums {
  const pendingFen = Math.max(raw.commissionFen - raw.paidFen, 0);
  return {
    ...raw,
    pendingFen,
    totalPrice: formatFen(raw.totalPriceFen),
    commission: formatFen(raw.commissionFen),
    paid: formatFen(raw.paidFen),
    pending: formatFen(pendingFen),
  };
}
