import { describe, expect, it } from 'vitest';
import { addDays, bucketOf, rankingParts, bucketsOf, daysBetween, firstAuditBucket, histogramQuantile, previousPeriod, rate, statisticsPeriod } from './channel-dashboard';
import { shanghaiInstant } from './shanghai-time';

describe('数据驾驶舱 rules (docs/decisions/087)', () => {
  it('counts days both included and puts the previous period just before, as long', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-12-07', to: '2026-12-07' })).toEqual({ from: '2026-12-06', to: '2026-12-06' });
  });

  it('buckets days by day, by week from Monday and by month', () => {
    expect(bucketOf('2026-12-06', 'week')).toBe('2026-11-30'); // a Sunday: its week began on Monday 30 November
    expect(bucketOf('2026-12-07', 'week')).toBe('2026-12-07');
    expect(bucketOf('2026-12-31', 'month')).toBe('2026-12-01');
    expect(bucketsOf({ from: '2026-11-29', to: '2026-12-08' }, 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(bucketsOf({ from: '2026-11-29', to: '2026-12-01' }, 'day')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });

  it('reads a ranking’s period as whole months, plus or minus the days around them, whichever reads fewer rows', () => {
    const today = '2026-12-07';
    // A year ending today: thirteen months, minus last December's first week and this month's days still to come (none are written).
    expect(rankingParts({ from: '2025-12-08', to: today }, today)).toEqual({
      months: { from: '2025-12-01', to: '2026-12-01' },
      add: [],
      subtract: [
        { from: '2025-12-01', to: '2025-12-07' },
        { from: '2026-12-08', to: '2026-12-31' },
      ],
    });
    // 30 days ending today: two month rows minus November's first week.
    expect(rankingParts({ from: '2026-11-08', to: today }, today)).toEqual({
      months: { from: '2026-11-01', to: '2026-12-01' },
      add: [],
      subtract: [
        { from: '2026-11-01', to: '2026-11-07' },
        { from: '2026-12-08', to: '2026-12-31' },
      ],
    });
    expect(rankingParts({ from: '2026-03-01', to: '2026-03-31' }, today)).toEqual({ months: { from: '2026-03-01', to: '2026-03-01' }, add: [], subtract: [] });
    // A few days of a past month: the days themselves.
    expect(rankingParts({ from: '2026-03-10', to: '2026-03-15' }, today)).toEqual({ months: null, add: [{ from: '2026-03-10', to: '2026-03-15' }], subtract: [] });
    // A past span with short edges: February whole, January's and March's days added.
    expect(rankingParts({ from: '2026-01-20', to: '2026-03-05' }, today)).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      add: [
        { from: '2026-01-20', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-05' },
      ],
      subtract: [],
    });
  });

  it('puts a first-audit time in its bucket and reads quantiles from the histogram', () => {
    expect(firstAuditBucket(0)).toBe(0);
    expect(firstAuditBucket(59.9)).toBe(0);
    expect(firstAuditBucket(60)).toBe(1);
    expect(firstAuditBucket(3 * 86400)).toBe(11);
    // 10 in [5, 15) minutes: the median is in the middle of that bucket.
    expect(histogramQuantile([0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.5)).toBe(600);
    // The open last bucket answers its lower bound.
    expect(histogramQuantile([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4], 0.9)).toBe(259200);
    expect(histogramQuantile(new Array(12).fill(0), 0.5)).toBeNull();
    expect(rate(3, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
  });

  it('turns the phone’s statistics presets into days, 不限 into the longest period', () => {
    const now = shanghaiInstant(2026, 11, 7, 10, 30);
    expect(statisticsPeriod(1, now)).toEqual({ from: '2026-12-07', to: '2026-12-07' });
    expect(statisticsPeriod(4, now)).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(statisticsPeriod(5, now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(statisticsPeriod(0, now)).toEqual({ from: '2025-12-07', to: '2026-12-07' });
    expect(daysBetween(statisticsPeriod(0, now).from, '2026-12-07')).toBe(366);
  });
});
