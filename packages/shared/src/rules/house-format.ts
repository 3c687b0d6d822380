import { houseListMessages as listText } from '../messages/house';

/**
 * Part 1, section 9 and part 2, section 9: how listing numbers are shown.
 */

/** '.00' is dropped from a package price: 120.00 → '120', 98.50 → '98.50'. */
function trimZeroCents(value: number): string {
  return value.toFixed(2).replace(/\.00$/, '');
}

/** Package price in 万 per unit, else average 元/㎡, else 暂无. */
export function formatShowPrice(
  packagePrice: number | null | undefined,
  averagePrice: number | null | undefined,
): { price: string; unit: string } {
  if (packagePrice) return { price: trimZeroCents(packagePrice), unit: '万/套' };
  if (averagePrice) return { price: trimZeroCents(averagePrice), unit: '元/㎡' };
  return { price: '暂无', unit: '' };
}

/** Protection periods are hours; above 24 they read as days plus hours. */
export function formatProtectPeriod(hours: number): string {
  if (hours <= 24) return `${hours}小时`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days}天${rest}小时` : `${days}天`;
}

/**
 * The one way a commission point (佣金点位) reads, on the list card, the detail, the deal card
 * and the console's form (issue 32 item 5): a value with '%' as is; a bare number as
 * '佣金 N%' (part 1, section 9); anything else, such as a fixed amount (2万/套), as written,
 * since a '%' after it would misstate it.
 */
export function formatCommission(point: string): string {
  const value = point.trim();
  return isBarePercent(value) ? `佣金 ${commissionPointText(value)}` : value;
}

/** A bare number is a percentage (the deals' rule too: commission.ts parsePoint). */
const isBarePercent = (value: string) => /^\d+(?:\.\d+)?$/.test(value);

/** The point where a label already says 佣金点位 (deal cards, the console's form): 2.5 → 2.5%, else as written. */
export function commissionPointText(point: string): string {
  const value = point.trim();
  return isBarePercent(value) ? `${value}%` : value;
}

/**
 * Report lead time: minutes under 60, else hours with one decimal at most (part 1, section 9).
 * A whole hour has no ".0" (2小时, not 2.0小时; issue 28, item 9; docs/decisions/066).
 */
export function formatLeadTime(minutes: number): string {
  return minutes < 60 ? `${minutes}分钟` : `${Number((minutes / 60).toFixed(1))}小时`;
}

/**
 * A listing's estimated commission per home (decision 090, commission-rank.ts) as the card shows it:
 * 约6.5万/套 from 1万 up, else 约8000元/套 (rounded, for reading). Here, not beside the estimate, so
 * the home page's cards do not load the commission rules.
 */
export function formatCommissionEstimate(fen: number): string {
  const yuan = fen / 100;
  if (yuan >= 10_000) return listText.estimateWan(String(Number((yuan / 10_000).toFixed(2))));
  return listText.estimateYuan(String(Math.round(yuan)));
}
