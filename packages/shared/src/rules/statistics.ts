import { DATE_PRESETS, STATISTICS_PRESET_CODES, type DateRange } from './date-presets';
import { shanghaiDay } from './shanghai-time';

/**
 * Statistics (docs/decisions/012). The page offers the presets 0..8 of DECISIONS.md;
 * it opens on 本月.
 */
export const STATISTICS_DEFAULT_DATE_TYPE = 4;

export const STATISTICS_DATE_OPTIONS: readonly { value: number; text: string }[] = DATE_PRESETS.filter((p) =>
  STATISTICS_PRESET_CODES.includes(p.value),
).map((p) => ({ value: p.value, text: p.text }));

export function isStatisticsDateType(value: number): boolean {
  return (STATISTICS_PRESET_CODES as readonly number[]).includes(value);
}

/**
 * The `type` of /subDistributor/statistics/detail/:type: the full list of one table of the
 * statistics page. staff and house are the reports per staff member and per listing
 * (get-user-to-record-statics, get-house-to-record-statics); share-user and share-house the
 * share visits per sharer and per listing (get-user-share-statistics,
 * get-user-share-house-statistics with `dateType`).
 */
export const STATISTICS_DETAIL_TYPES = ['staff', 'house', 'share-user', 'share-house'] as const;
export type StatisticsDetailType = (typeof STATISTICS_DETAIL_TYPES)[number];

export function isStatisticsDetailType(value: string | undefined): value is StatisticsDetailType {
  return (STATISTICS_DETAIL_TYPES as readonly string[]).includes(value ?? '');
}

/** The days of a `[start, end)` range of Shanghai midnights: first and last day, both included. */
export function rangeDays(range: DateRange): { first: string; last: string } {
  return { first: shanghaiDay(range.start), last: shanghaiDay(new Date(range.end.getTime() - 1)) };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Every Shanghai date from `first` to `last` ('YYYY-MM-DD', both included), for a trend
 * that shows the days without reports as 0. Empty when `first` is after `last`.
 */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  // Calendar arithmetic on UTC midnights: no time zone enters a plain date.
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

