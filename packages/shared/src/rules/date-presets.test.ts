import { describe, expect, it } from 'vitest';
import { customRange, presetRange } from './date-presets';

// 2026-11-22 10:30 in Shanghai is a Sunday; 02:30 UTC.
const NOW = new Date('2026-11-22T02:30:00Z');
const iso = (r: { start: Date; end: Date } | null) => r && [r.start.toISOString(), r.end.toISOString()];

describe('date presets (Asia/Shanghai)', () => {
  it('gives no range for 不限 and 自选时间', () => {
    expect(presetRange(0, NOW)).toBeNull();
    expect(presetRange(99, NOW)).toBeNull();
  });
  it('computes today, this week (from Monday) and last week', () => {
    expect(iso(presetRange(1, NOW))).toEqual(['2026-11-21T16:00:00.000Z', '2026-11-22T16:00:00.000Z']);
    expect(iso(presetRange(2, NOW))).toEqual(['2026-11-15T16:00:00.000Z', '2026-11-22T16:00:00.000Z']);
    expect(iso(presetRange(3, NOW))).toEqual(['2026-11-08T16:00:00.000Z', '2026-11-15T16:00:00.000Z']);
  });
  it('computes this month, last month (across the year), 90 and 180 days and this year', () => {
    expect(iso(presetRange(4, NOW))?.[0]).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(presetRange(5, new Date('2027-01-10T00:00:00Z')))).toEqual([
      '2026-11-30T16:00:00.000Z',
      '2026-12-31T16:00:00.000Z',
    ]);
    const ninety = presetRange(6, NOW)!;
    expect((ninety.end.getTime() - ninety.start.getTime()) / 86_400_000).toBe(90);
    const half = presetRange(7, NOW)!;
    expect((half.end.getTime() - half.start.getTime()) / 86_400_000).toBe(180);
    expect(iso(presetRange(8, NOW))?.[0]).toBe('2025-12-31T16:00:00.000Z');
  });
  it('uses the Shanghai date just after midnight there', () => {
    // 00:30 on the 23rd in Shanghai is still the 22nd in UTC.
    expect(iso(presetRange(1, new Date('2026-11-22T16:30:00Z')))?.[0]).toBe('2026-11-22T16:00:00.000Z');
  });
  it('turns a custom range into whole days, both included', () => {
    expect(iso(customRange('2026-11-01', '2026-11-02'))).toEqual(['2026-10-31T16:00:00.000Z', '2026-11-02T16:00:00.000Z']);
    expect(customRange('2026-11-03', '2026-11-01')).toBeNull();
    expect(customRange('2026/11/01', '2026-11-02')).toBeNull();
  });
});
