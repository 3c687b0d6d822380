import { describe, expect, it } from 'vitest';
import {
  formatShanghaiMinute,
  parseShanghaiMinute,
  shanghaiDay,
  shanghaiHour,
  shanghaiInstant,
  shanghaiWallClock,
} from './shanghai-time';

describe('Shanghai time (UTC+8, no daylight saving)', () => {
  it('reads wall-clock minutes as UTC+8 and writes them back', () => {
    const at = parseShanghaiMinute('2026-11-23 10:00');
    expect(at?.toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(formatShanghaiMinute(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23 01:30');
  });

  it('refuses malformed and impossible dates', () => {
    expect(parseShanghaiMinute('2026-02-30 10:00')).toBeNull();
    expect(parseShanghaiMinute('2026-11-23 24:00')).toBeNull();
    expect(parseShanghaiMinute('2026/11/23 10:00')).toBeNull();
  });

  it('names the Shanghai day of an instant, which turns at 16:00 UTC', () => {
    expect(shanghaiDay(new Date('2024-05-14T16:00:00Z'))).toBe('2024-05-15');
    expect(shanghaiDay(new Date('2024-05-14T15:59:59Z'))).toBe('2024-05-14');
    // 2026-03-01 00:30 in Shanghai, still February in UTC.
    expect(shanghaiDay(new Date('2026-02-28T16:30:00Z'))).toBe('2026-03-01');
  });

  it('gives the wall-clock fields and the hour in Shanghai', () => {
    expect(shanghaiWallClock(new Date('2026-02-28T16:30:00Z'))).toEqual({ year: 2026, month: 2, day: 1, hour: 0, minute: 30, weekday: 0 });
    expect(shanghaiHour(new Date('2026-11-22T17:30:00Z'))).toBe(1);
    expect(shanghaiHour(new Date('2026-11-22T15:59:00Z'))).toBe(23);
  });

  it('turns wall-clock fields into instants, letting days and months overflow', () => {
    expect(shanghaiInstant(2020, 0, 1).toISOString()).toBe('2019-12-31T16:00:00.000Z');
    expect(shanghaiInstant(2026, 1, 29).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(shanghaiInstant(2026, 0, 0, 9, 15).toISOString()).toBe('2025-12-31T01:15:00.000Z');
  });
});
