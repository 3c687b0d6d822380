import { describe, expect, it } from 'vitest';
import { formatShanghaiMinute, isVisitTimeAllowed, parseShanghaiMinute, visitTimeWindow } from './visit-time';

describe('visit time in Asia/Shanghai', () => {
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
  it('allows from now plus the lead time to now plus 180 days', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    const window = visitTimeWindow(now, 60);
    expect(isVisitTimeAllowed(new Date('2026-11-22T03:00:00Z'), window)).toBe(true);
    expect(isVisitTimeAllowed(new Date('2026-11-22T02:30:00Z'), window)).toBe(false);
    expect(isVisitTimeAllowed(new Date('2027-05-21T02:00:00Z'), window)).toBe(true);
    expect(isVisitTimeAllowed(new Date('2027-05-21T02:01:00Z'), window)).toBe(false);
  });
});
