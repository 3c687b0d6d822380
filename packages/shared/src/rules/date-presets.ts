/**
 * DECISIONS.md, time filter codes: one table keyed by the list's codes. The report list
 * offers 0,1,2,4,6,7,99; statistics offer 0..8. A code becomes a `[start, end)` range in
 * the company's time zone, Asia/Shanghai (rules/shanghai-time.ts).
 */
import { shanghaiInstant, shanghaiWallClock } from './shanghai-time';

export const DATE_PRESETS = [
  { value: 0, text: '不限' },
  { value: 1, text: '本日' },
  { value: 2, text: '本周' },
  { value: 3, text: '上周' },
  { value: 4, text: '本月' },
  { value: 5, text: '上个月' },
  { value: 6, text: '近3个月' },
  { value: 7, text: '近6个月' },
  { value: 8, text: '本年' },
  { value: 99, text: '自选时间' },
] as const;
export type DatePresetCode = (typeof DATE_PRESETS)[number]['value'];

export const RECORD_LIST_PRESET_CODES: readonly DatePresetCode[] = [0, 1, 2, 4, 6, 7, 99];
export const STATISTICS_PRESET_CODES: readonly DatePresetCode[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

const DAY_MS = 24 * 3600 * 1000;

export interface DateRange {
  start: Date;
  end: Date;
}

/** The instant of Shanghai midnight at the start of a wall-clock date (month and day may overflow). */
const shanghaiMidnight = (year: number, month: number, day: number): Date => shanghaiInstant(year, month, day);

/** The range of a preset code at `now`; null for 不限 (0) and for 自选时间 (99, see customRange). */
export function presetRange(code: number, now: Date = new Date()): DateRange | null {
  const { year, month, day, weekday } = shanghaiWallClock(now);
  const today = shanghaiMidnight(year, month, day);
  const tomorrow = shanghaiMidnight(year, month, day + 1);
  // Weeks start on Monday.
  const sinceMonday = (weekday + 6) % 7;
  const monday = shanghaiMidnight(year, month, day - sinceMonday);
  switch (code) {
    case 1:
      return { start: today, end: tomorrow };
    case 2:
      return { start: monday, end: tomorrow };
    case 3:
      return { start: new Date(monday.getTime() - 7 * DAY_MS), end: monday };
    case 4:
      return { start: shanghaiMidnight(year, month, 1), end: tomorrow };
    case 5:
      return { start: shanghaiMidnight(year, month - 1, 1), end: shanghaiMidnight(year, month, 1) };
    case 6:
      return { start: shanghaiMidnight(year, month, day - 89), end: tomorrow };
    case 7:
      return { start: shanghaiMidnight(year, month, day - 179), end: tomorrow };
    case 8:
      return { start: shanghaiMidnight(year, 0, 1), end: tomorrow };
    default:
      return null;
  }
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 自选时间: both days included, as `YYYY-MM-DD` in Shanghai; null when malformed or reversed. */
export function customRange(from: string, to: string): DateRange | null {
  const a = DATE_PATTERN.exec(from);
  const b = DATE_PATTERN.exec(to);
  if (!a || !b) return null;
  const start = shanghaiMidnight(Number(a[1]), Number(a[2]) - 1, Number(a[3]));
  const end = shanghaiMidnight(Number(b[1]), Number(b[2]) - 1, Number(b[3]) + 1);
  return start < end ? { start, end } : null;
}
