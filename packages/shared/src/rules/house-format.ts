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

/** A commission point containing '%' is shown as is; otherwise as '佣金 N%'. */
export function formatCommission(point: string): string {
  if (!point) return '';
  return point.includes('%') ? point : `佣金 ${point}%`;
}

/**
 * Report lead time: minutes under 60, else hours with one decimal at most (part 1, section 9).
 * A whole hour has no ".0" (2小时, not 2.0小时; issue 28, item 9; docs/decisions/066).
 */
export function formatLeadTime(minutes: number): string {
  return minutes < 60 ? `${minutes}分钟` : `${Number((minutes / 60).toFixed(1))}小时`;
}
