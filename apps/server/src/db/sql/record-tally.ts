import { SHANGHAI_OFFSET_MS, shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { TallyScope } from '../../access/scopes';

/** The scopes record_day_tally keeps (migration 0020): many reports a day each. */
export const DAY_TALLY_SCOPES: ReadonlySet<TallyScope> = new Set<TallyScope>(['company', 'distributor', 'shop', 'auditor']);

const DAY_MS = 24 * 60 * 60 * 1000;
const isShanghaiMidnight = (instant: Date) => (instant.getTime() + SHANGHAI_OFFSET_MS) % DAY_MS === 0;

/** A range of whole Shanghai days as [first day, day after the last); null when a bound falls inside a day. */
export function wholeDays(range: { start: Date; end: Date }): { from: string; to: string } | null {
  if (!isShanghaiMidnight(range.start) || !isShanghaiMidnight(range.end)) return null;
  return { from: shanghaiDay(range.start), to: shanghaiDay(range.end) };
}
