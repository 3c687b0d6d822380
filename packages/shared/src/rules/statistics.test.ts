import { describe, expect, it } from 'vitest';
import { presetRange } from './date-presets';
import { daysBetween, isStatisticsDateType, isStatisticsDetailType, rangeDays, STATISTICS_DATE_OPTIONS } from './statistics';

// 2026-03-01 00:30 in Shanghai (still February in UTC).
const NOW = new Date('2026-02-28T16:30:00Z');

describe('statistics periods', () => {
  it('offers the presets 0..8 and nothing else', () => {
    expect(STATISTICS_DATE_OPTIONS.map((o) => o.text)).toEqual(['不限', '本日', '本周', '上周', '本月', '上个月', '近3个月', '近6个月', '本年']);
    expect([0, 4, 8].every(isStatisticsDateType)).toBe(true);
    expect([-1, 9, 99, 1.5].some(isStatisticsDateType)).toBe(false);
  });

  it('names the days of a range in Shanghai, both ends included', () => {
    expect(rangeDays(presetRange(4, NOW)!)).toEqual({ first: '2026-03-01', last: '2026-03-01' });
    expect(rangeDays(presetRange(5, NOW)!)).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(rangeDays(presetRange(3, NOW)!)).toEqual({ first: '2026-02-16', last: '2026-02-22' });
  });

  it('lists every day between two dates, across months', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
    expect(daysBetween('2026-03-03', '2026-03-02')).toEqual([]);
  });

  it('knows the detail page types', () => {
    expect(['staff', 'house', 'share-user', 'share-house'].every(isStatisticsDetailType)).toBe(true);
    expect(isStatisticsDetailType('users')).toBe(false);
    expect(isStatisticsDetailType(undefined)).toBe(false);
  });
});
