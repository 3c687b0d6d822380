import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  filtersFromParams,
  paramsFromFilters,
  recordListBody,
  searchDateFor,
  tabLabel,
  TIME_OPTIONS,
} from './record-list-filters';

// Wednesday 2024-05-15 01:30 in Shanghai (still the 14th in UTC).
const now = new Date('2024-05-14T17:30:00Z');

describe('searchDateFor', () => {
  it('sends [] for 不限', () => {
    expect(searchDateFor(0, '', '', now)).toEqual([]);
  });

  it('turns the exclusive end of a preset into the last included day (Shanghai dates)', () => {
    expect(searchDateFor(1, '', '', now)).toEqual(['2024-05-15', '2024-05-15']);
    // Weeks start on Monday.
    expect(searchDateFor(2, '', '', now)).toEqual(['2024-05-13', '2024-05-15']);
    expect(searchDateFor(4, '', '', now)).toEqual(['2024-05-01', '2024-05-15']);
    // 90 and 180 days, today included.
    expect(searchDateFor(6, '', '', now)).toEqual(['2024-02-16', '2024-05-15']);
    expect(searchDateFor(7, '', '', now)).toEqual(['2023-11-18', '2024-05-15']);
  });

  it('keeps a custom range as chosen, in order, and drops an incomplete one', () => {
    expect(searchDateFor(99, '2024-01-02', '2024-03-04', now)).toEqual(['2024-01-02', '2024-03-04']);
    expect(searchDateFor(99, '2024-03-04', '2024-01-02', now)).toEqual(['2024-01-02', '2024-03-04']);
    expect(searchDateFor(99, '2024-01-02', '', now)).toEqual([]);
  });
});

describe('day helpers', () => {
  it('formats the local day a calendar returns', () => {
    expect(calendarDay(new Date(2024, 0, 5))).toBe('2024-01-05');
  });
});

describe('TIME_OPTIONS', () => {
  it('offers the list codes of DECISIONS.md in order', () => {
    expect(TIME_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 4, 6, 7, 99]);
    expect(TIME_OPTIONS.at(-1)?.text).toBe('自选时间');
  });
});

describe('filters in the address', () => {
  it('presets the broker from the staff screen id, and a picked broker wins', () => {
    const opened = new URLSearchParams('name=张三&id=12');
    expect(filtersFromParams(opened, 'company').broker).toBe(12);
    expect(filtersFromParams(opened, 'mine').broker).toBe(0);
    const picked = paramsFromFilters(opened, { ...filtersFromParams(opened, 'company'), broker: 0 });
    expect(picked.get('name')).toBe('张三');
    expect(filtersFromParams(picked, 'company').broker).toBe(0);
  });

  it('round-trips keyword, status and a custom range, and ignores junk', () => {
    const filters = {
      keyword: '王',
      approvalStatus: 'VISIT' as const,
      time: 99,
      from: '2024-01-01',
      to: '2024-01-31',
      broker: 0,
      awaitingVisit: false,
    };
    expect(filtersFromParams(paramsFromFilters(new URLSearchParams(), filters), 'mine')).toEqual(filters);
    // 待到访 (docs/decisions/089) is `view=visit` in the address, and only that.
    const visit = { ...filters, awaitingVisit: true };
    expect(paramsFromFilters(new URLSearchParams(), visit).get('view')).toBe('visit');
    expect(filtersFromParams(paramsFromFilters(new URLSearchParams(), visit), 'mine')).toEqual(visit);
    expect(filtersFromParams(new URLSearchParams('view=other'), 'mine').awaitingVisit).toBe(false);
    const junk = filtersFromParams(new URLSearchParams('status=NOPE&time=99&from=x&to=y'), 'mine');
    expect(junk).toMatchObject({ approvalStatus: '', time: 0, from: '', to: '' });
    expect(filtersFromParams(new URLSearchParams('time=3'), 'mine').time).toBe(0);
  });

  it('builds the body of each call', () => {
    const filters = filtersFromParams(new URLSearchParams('time=1&broker=5&q=abc'), 'company');
    expect(recordListBody(filters, 'company', now)).toEqual({
      keyword: 'abc',
      approvalStatus: '',
      searchDate: ['2024-05-15', '2024-05-15'],
      awaitingVisit: false,
      subdistributorUserId: 5,
    });
    expect(recordListBody({ ...filters, awaitingVisit: true }, 'mine', now)).toMatchObject({ awaitingVisit: true });
    expect(recordListBody(filters, 'mine', now)).not.toHaveProperty('subdistributorUserId');
  });
});

describe('tabLabel', () => {
  it('shows the count in brackets', () => {
    expect(tabLabel({ label: '全部', number: 12 })).toBe('全部 (12)');
  });
});
