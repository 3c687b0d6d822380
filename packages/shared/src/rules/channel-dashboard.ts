import { presetRange } from './date-presets';
import { statusesReaching } from './record-funnel';
import { shanghaiDay } from './shanghai-time';
import type { RecordStatus } from './record-status';

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): the channel figures of a period, read from the kept
 * counts of channel_tally (migration 0033). One table of what is counted, shared by the server's
 * reads, the console's and the phone's screens, and the tests' independent counts.
 */

/**
 * The keys a figure is kept under. company: the whole company (id 0); city, house, auditor,
 * distributor, shop (the shop manager's id), reporter: that key's reports; house_shop: a
 * listing's reports of one shop (a distributor's, a shop's or a channel manager's listing ranking).
 */
export const CHANNEL_DIMS = ['company', 'city', 'house', 'auditor', 'distributor', 'shop', 'reporter', 'house_shop'] as const;
export type ChannelDim = (typeof CHANNEL_DIMS)[number];

/**
 * Seconds from a report's submit to its first status change (record.audit_at): the upper bounds
 * of the histogram the auditors' 首次处理时长 is kept in (the last bucket has none).
 */
export const FIRST_AUDIT_BOUNDS_S = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 86400, 172800, 259200] as const;
export const FIRST_AUDIT_BUCKETS = FIRST_AUDIT_BOUNDS_S.length + 1;

/**
 * What is counted, and on which day:
 * - by the report's submit day (the funnel's cohort, decision 012's stages): reported, arrived
 *   (reached 已到访), dealt (reached 成交), settled (reached 成交 and its commission paid in
 *   full), and per auditor the first-audit histogram fa0…fa11;
 * - by the day it happened (the trends): visits (the arrival's visit time), deals, deal_value and
 *   commission (分, the signing date of a live deal: 成交 or 确认成交), paid (分, a payment's
 *   date, not reversed), expired (已过保护期, the day the protection ended), visit_first (closed by
 *   到访为王, the day it was closed), refused (撞单 refusals, the day of the refused submit).
 */
export const CHANNEL_MEASURES = [
  'reported',
  'arrived',
  'dealt',
  'settled',
  'visits',
  'deals',
  'deal_value',
  'commission',
  'paid',
  'expired',
  'visit_first',
  'refused',
  ...Array.from({ length: FIRST_AUDIT_BUCKETS }, (_, i) => `fa${i}` as const),
] as const;
export type ChannelMeasure = (typeof CHANNEL_MEASURES)[number];
export type FirstAuditMeasure = `fa${number}` & ChannelMeasure;

/** The bucket of a first-audit time in seconds. */
export function firstAuditBucket(seconds: number): number {
  const i = FIRST_AUDIT_BOUNDS_S.findIndex((bound) => seconds < bound);
  return i === -1 ? FIRST_AUDIT_BOUNDS_S.length : i;
}

/**
 * The p-quantile (0.5, 0.9) of a first-audit histogram in seconds, interpolated linearly inside
 * its bucket (as Prometheus' histogram_quantile); the open last bucket answers its lower bound.
 * Null without any count.
 */
export function histogramQuantile(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = p * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const lower = i === 0 ? 0 : FIRST_AUDIT_BOUNDS_S[i - 1]!;
      const upper = FIRST_AUDIT_BOUNDS_S[i];
      if (upper === undefined) return lower;
      return Math.round(lower + ((upper - lower) * (rank - seen)) / n);
    }
    seen += n;
  }
  return FIRST_AUDIT_BOUNDS_S[FIRST_AUDIT_BOUNDS_S.length - 1]!;
}

/** The funnel's steps 报备 → 到访 → 成交 → 结佣, each a cohort measure of the reports of the period. */
export const FUNNEL_STEPS = [
  { key: 'reported', label: '报备' },
  { key: 'arrived', label: '到访' },
  { key: 'dealt', label: '成交' },
  { key: 'settled', label: '结佣' },
] as const satisfies readonly { key: ChannelMeasure; label: string }[];
export type FunnelStep = (typeof FUNNEL_STEPS)[number]['key'];

/**
 * Which reports a step holds (decision 012's stages): 到访 those whose status reached 已到访, 成交
 * those that reached 成交, 结佣 those that reached 成交 with their commission paid in full. The
 * report table's 阶段 filter (a funnel step opens its reports) and the kept counts both follow it.
 */
export const FUNNEL_STEP_RULE = {
  arrived: { statuses: statusesReaching('visited'), settled: false },
  dealt: { statuses: statusesReaching('deal'), settled: false },
  settled: { statuses: statusesReaching('deal'), settled: true },
} as const satisfies Record<Exclude<FunnelStep, 'reported'>, { statuses: readonly RecordStatus[]; settled: boolean }>;
export const FUNNEL_STAGE_FILTERS = ['arrived', 'dealt', 'settled'] as const;
export type FunnelStageFilter = (typeof FUNNEL_STAGE_FILTERS)[number];

/** The trends' series: events per bucket. */
export const TREND_SERIES = [
  { key: 'reported', label: '报备', money: false },
  { key: 'visits', label: '到访', money: false },
  { key: 'deals', label: '成交', money: false },
  { key: 'deal_value', label: '成交额', money: true },
  { key: 'commission', label: '佣金', money: true },
] as const satisfies readonly { key: ChannelMeasure; label: string; money: boolean }[];

/** Leakage: where channels lose customers to each other. */
export const LEAKAGE_SERIES = [
  { key: 'expired', label: '过保' },
  { key: 'refused', label: '撞单' },
  { key: 'visit_first', label: '到访为王关闭' },
] as const satisfies readonly { key: ChannelMeasure; label: string }[];

/** What a ranking ranks and by what. */
export const RANKING_DIMS = [
  { key: 'distributor', label: '分销商' },
  { key: 'shop', label: '门店' },
  { key: 'reporter', label: '经纪人' },
  { key: 'house', label: '楼盘' },
] as const;
export type RankingDim = (typeof RANKING_DIMS)[number]['key'];

export const RANKING_ORDERS = [
  { key: 'reported', label: '报备' },
  { key: 'arrivalRate', label: '到访率' },
  { key: 'deals', label: '成交' },
  { key: 'dealValue', label: '成交额' },
  { key: 'commission', label: '佣金' },
] as const;
export type RankingOrder = (typeof RANKING_ORDERS)[number]['key'];

export type TrendGrain = 'day' | 'week' | 'month';
export const TREND_GRAINS: readonly { key: TrendGrain; label: string }[] = [
  { key: 'day', label: '按日' },
  { key: 'week', label: '按周' },
  { key: 'month', label: '按月' },
];

/** A dashboard's period when none is asked: the 30 days ending today. */
export const DEFAULT_PERIOD_DAYS = 30;

/** The trends' grain when none is asked: days up to a month and a day, weeks up to four months, months beyond. */
export function defaultGrain(period: { from: string; to: string }): TrendGrain {
  const days = daysBetween(period.from, period.to);
  return days <= 31 ? 'day' : days <= 124 ? 'week' : 'month';
}

/** The longest period a dashboard reads: a year and a day (a leap year's whole year). */
export const DASHBOARD_MAX_DAYS = 366;

/** A share as a fraction (3 of 8: 0.375); null when there is nothing to divide by. */
export function rate(n: number, of: number): number | null {
  return of > 0 ? n / of : null;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (YYYY-MM-DD calendar days). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return dayText(dayNumber(day) + n);
}

/** The period of the same length just before [from, to]: what the trends compare against. */
export function previousPeriod(period: { from: string; to: string }): { from: string; to: string } {
  const length = daysBetween(period.from, period.to);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** The first day of `day`'s bucket: itself, its week's Monday, or its month's 1st. */
export function bucketOf(day: string, grain: TrendGrain): string {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The buckets of a period in order (the first may start before `from`, as a week or month does). */
export function bucketsOf(period: { from: string; to: string }, grain: TrendGrain): string[] {
  const out: string[] = [];
  for (let n = dayNumber(period.from); n <= dayNumber(period.to); n++) {
    const bucket = bucketOf(dayText(n), grain);
    if (out[out.length - 1] !== bucket) out.push(bucket);
  }
  return out;
}

/**
 * The alerts an operator sees (and can switch off per kind):
 * - surge: a distributor's reports of a day at least SURGE_FACTOR times its daily mean of the 28
 *   days before, and at least SURGE_MIN_REPORTS;
 * - low_arrival: a distributor's arrival rate below LOW_ARRIVAL_FACTOR of the company's, over
 *   at least LOW_ARRIVAL_MIN_REPORTS reports submitted in the LOW_ARRIVAL_DAYS days ending
 *   LOW_ARRIVAL_LAG_DAYS days ago (a report made yesterday has not had its time to arrive);
 * - shared_phone: one customer phone reported by at least SHARED_PHONE_DISTRIBUTORS distributors
 *   within SHARED_PHONE_HOURS hours (likely 飞单 or scripted reporting).
 */
export const ALERT_KINDS = [
  { key: 'surge', label: '报备量突增' },
  { key: 'low_arrival', label: '到访率偏低' },
  { key: 'shared_phone', label: '同一客户多家报备' },
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number]['key'];
export const SURGE_FACTOR = 3;
export const SURGE_MIN_REPORTS = 10;
export const SURGE_BASE_DAYS = 28;
export const LOW_ARRIVAL_FACTOR = 0.5;
export const LOW_ARRIVAL_MIN_REPORTS = 20;
export const LOW_ARRIVAL_DAYS = 30;
export const LOW_ARRIVAL_LAG_DAYS = 7;
export const SHARED_PHONE_DISTRIBUTORS = 3;
export const SHARED_PHONE_HOURS = 72;

/**
 * The phone's 数据统计 period (its presets, rules/date-presets.ts) as the dashboard's days: the
 * preset's first and last day; 不限 (and any unbounded code) the longest period, a year and a
 * day ending today.
 */
export function statisticsPeriod(dateType: number, now: Date = new Date()): { from: string; to: string } {
  const range = presetRange(dateType, now);
  const today = shanghaiDay(now);
  if (!range) return { from: addDays(today, -(DASHBOARD_MAX_DAYS - 1)), to: today };
  const from = shanghaiDay(range.start);
  const to = shanghaiDay(new Date(range.end.getTime() - 1));
  return daysBetween(from, to) > DASHBOARD_MAX_DAYS ? { from: addDays(to, -(DASHBOARD_MAX_DAYS - 1)), to } : { from, to };
}

/** Whether a distributor's reports of a day are a surge over its `baseDays`-day total before it. */
export function isSurge(today: number, baseTotal: number, baseDays: number = SURGE_BASE_DAYS): boolean {
  return today >= SURGE_MIN_REPORTS && today >= SURGE_FACTOR * (baseTotal / baseDays);
}

/** Whether a distributor's arrival rate is far below the company's. */
export function isLowArrival(reported: number, arrived: number, companyRate: number | null): boolean {
  return reported >= LOW_ARRIVAL_MIN_REPORTS && companyRate !== null && companyRate > 0 && arrived / reported < LOW_ARRIVAL_FACTOR * companyRate;
}

/** The window a low-arrival alert of `day` is about. */
export function lowArrivalWindow(day: string): { from: string; to: string } {
  const to = addDays(day, -LOW_ARRIVAL_LAG_DAYS);
  return { from: addDays(to, -(LOW_ARRIVAL_DAYS - 1)), to };
}

/** A period of Shanghai days, both included. */
type Period = { from: string; to: string };

/** The first day of `day`'s month. */
const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/** The last day of `day`'s month (the 1st plus 31 days is always in the next month). */
const monthEnd = (day: string) => addDays(monthOf(addDays(monthOf(day), 31)), -1);

/** The days of `range` up to `today`: the days that hold rows (a day after today has none unless something was dated ahead). */
const pastDays = (range: Period, today: string) => {
  const to = range.to < today ? range.to : today;
  return to < range.from ? 0 : daysBetween(range.from, to);
};

/**
 * What a ranking of `period` sums (docs/decisions/087): whole months of channel_rank_month
 * (`months`, their first days), plus the day rows of `add`, minus the day rows of `subtract`. A
 * month row is the sum of its day rows (one trigger adds both from each insert; the fold and the
 * rebuild keep it so; channel-tally.test holds both to channel_tally), so a month the period only
 * partly covers is read either as its days inside the period or as its month row minus its days
 * outside (exact either way), whichever should read fewer rows: the latter when the days outside
 * up to today are fewer than half the days inside. The 30 days ending on the 7th are then this
 * month's and last month's rows minus last month's first 7 days, not thirty days of day rows; the
 * 365 days, thirteen month rows minus 7 days, not eleven and 31 days.
 */
export function rankingParts(period: Period, today: string): { months: Period | null; add: Period[]; subtract: Period[] } {
  const add: Period[] = [];
  const subtract: Period[] = [];
  const viaMonth = (inside: Period, outside: Period[]) => 2 * outside.reduce((n, range) => n + pastDays(range, today), 0) < pastDays(inside, today);
  const first = monthOf(period.from);
  const last = monthOf(period.to);
  const before = period.from > first ? [{ from: first, to: addDays(period.from, -1) }] : [];
  const after = period.to < monthEnd(period.to) ? [{ from: addDays(period.to, 1), to: monthEnd(period.to) }] : [];
  if (first === last) {
    if (before.length + after.length === 0 || viaMonth(period, [...before, ...after])) return { months: { from: first, to: first }, add, subtract: [...before, ...after] };
    return { months: null, add: [period], subtract };
  }
  let from = first;
  let to = last;
  if (before.length) {
    const inside = { from: period.from, to: monthEnd(period.from) };
    if (viaMonth(inside, before)) subtract.push(...before);
    else {
      add.push(inside);
      from = addDays(inside.to, 1);
    }
  }
  if (after.length) {
    const inside = { from: last, to: period.to };
    if (viaMonth(inside, after)) subtract.push(...after);
    else {
      add.push(inside);
      to = monthOf(addDays(last, -1));
    }
  }
  // No whole month and nothing subtracted: the period's days, in one range.
  if (from > to && subtract.length === 0) return { months: null, add: [period], subtract };
  return { months: from <= to ? { from, to } : null, add, subtract };
}
