import { DATE_PRESETS, presetRange, RECORD_LIST_PRESET_CODES } from '@baobei/shared/rules/date-presets';
import { RECORD_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { DistributorRecordListQuery } from '@baobei/shared/schemas/record-tracking';

/** Part 2, section 9: page size 8 for the report list. */
export const RECORD_PAGE_SIZE = 8;
/** Typed text searches after this pause; Enter and clear search at once. */
export const RECORD_SEARCH_DEBOUNCE_MS = 400;
/** Part 2, section 9: the filter calendar runs from 2020-01-01 to today. */
export const CALENDAR_MIN = new Date(2020, 0, 1);
export const CUSTOM_RANGE_CODE = 99;

export type RecordListVariant = 'mine' | 'company';
/** The address's `view` of 待到访. */
const AWAITING_VISIT_VIEW = 'visit';

/** The list's filters as the page keeps them (in the address, so going back keeps them). */
export interface RecordListFilters {
  keyword: string;
  approvalStatus: RecordStatus | '';
  /** A RECORD_LIST_PRESET_CODES code; 99 with `from`/`to` is 自选时间. */
  time: number;
  from: string;
  to: string;
  /** Company list only: one broker of the scope, 0 for all. */
  broker: number;
  /** 待到访 (docs/decisions/089): the waiting reports, soonest expected visit first (`view=visit`). */
  awaitingVisit: boolean;
}

const DAY_MS = 24 * 3600 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The contract's `searchDate` for a time filter: [first day, last day], both included, as
 * Shanghai dates. A preset's range is `[start, end)` (DECISIONS.md), so its last day is the
 * day before `end`; 不限 and an incomplete 自选时间 send [] (no date filter).
 */
export function searchDateFor(time: number, from: string, to: string, now: Date = new Date()): [string, string] | [] {
  if (time === CUSTOM_RANGE_CODE) {
    if (!DAY.test(from) || !DAY.test(to)) return [];
    return from <= to ? [from, to] : [to, from];
  }
  const range = presetRange(time, now);
  if (!range) return [];
  return [shanghaiDay(range.start), shanghaiDay(new Date(range.end.getTime() - DAY_MS))];
}

/** A day the calendar picked (local midnight of the day the user tapped) as 'YYYY-MM-DD'. */
export function calendarDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' back to the calendar's local date (for its initial value). */
export function dayToCalendarDate(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export const TIME_OPTIONS: { value: number; text: string }[] = DATE_PRESETS.filter((p) =>
  RECORD_LIST_PRESET_CODES.includes(p.value),
).map((p) => ({ value: p.value, text: p.text }));

const intParam = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * Filters from the address. The staff screen opens the company list with `id` (and `name`)
 * of one staff member: that presets the broker until the user picks another (`broker`).
 */
export function filtersFromParams(params: URLSearchParams, variant: RecordListVariant): RecordListFilters {
  const status = params.get('status') ?? '';
  const time = Number(params.get('time') ?? 0);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = time === CUSTOM_RANGE_CODE && DAY.test(from) && DAY.test(to);
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, 30),
    approvalStatus: (RECORD_STATUSES as readonly string[]).includes(status) ? (status as RecordStatus) : '',
    time: custom || (time !== CUSTOM_RANGE_CODE && RECORD_LIST_PRESET_CODES.includes(time as never)) ? time : 0,
    from: custom ? from : '',
    to: custom ? to : '',
    broker: variant === 'company' ? (params.has('broker') ? intParam(params.get('broker')) : intParam(params.get('id'))) : 0,
    awaitingVisit: params.get('view') === AWAITING_VISIT_VIEW,
  };
}

/** The address of the filters, keeping the staff screen's `name` and `id`. */
export function paramsFromFilters(current: URLSearchParams, filters: RecordListFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of ['name', 'id']) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  if (filters.keyword.trim()) next.set('q', filters.keyword.trim());
  if (filters.approvalStatus) next.set('status', filters.approvalStatus);
  if (filters.time !== 0) next.set('time', String(filters.time));
  if (filters.time === CUSTOM_RANGE_CODE) {
    next.set('from', filters.from);
    next.set('to', filters.to);
  }
  if (filters.awaitingVisit) next.set('view', AWAITING_VISIT_VIEW);
  // Only a broker different from the staff screen's preset needs its own parameter.
  if (filters.broker !== intParam(current.get('id'))) next.set('broker', String(filters.broker));
  return next;
}

/** The request body of either list call. */
export function recordListBody(
  filters: RecordListFilters,
  variant: RecordListVariant,
  now: Date = new Date(),
): DistributorRecordListQuery | Omit<DistributorRecordListQuery, 'subdistributorUserId'> {
  const base = {
    keyword: filters.keyword,
    approvalStatus: filters.approvalStatus,
    searchDate: searchDateFor(filters.time, filters.from, filters.to, now),
    awaitingVisit: filters.awaitingVisit,
  };
  return variant === 'company' ? { ...base, subdistributorUserId: filters.broker } : base;
}

/** A status tab's label: `label (number)`. */
export function tabLabel(tab: { label: string; number: number }): string {
  return `${tab.label} (${tab.number})`;
}

/** The time filter's title: the chosen preset, the custom days, or the filter's name. */
export function timeTitle(filters: RecordListFilters, fallback: string): string {
  if (filters.time === CUSTOM_RANGE_CODE) return `${filters.from.slice(5)}~${filters.to.slice(5)}`;
  if (filters.time === 0) return fallback;
  return TIME_OPTIONS.find((o) => o.value === filters.time)?.text ?? fallback;
}
