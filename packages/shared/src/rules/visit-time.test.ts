import { describe, expect, it } from 'vitest';
import { isVisitTimeAllowed, visitTimeWindow } from './visit-time';

describe('visit time in Asia/Shanghai', () => {
  it('allows from now plus the lead time to now plus 180 days', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    const window = visitTimeWindow(now, 60);
    expect(isVisitTimeAllowed(new Date('2026-11-22T03:00:00Z'), window)).toBe(true);
    expect(isVisitTimeAllowed(new Date('2026-11-22T02:30:00Z'), window)).toBe(false);
    expect(isVisitTimeAllowed(new Date('2027-05-21T02:00:00Z'), window)).toBe(true);
    expect(isVisitTimeAllowed(new Date('2027-05-21T02:01:00Z'), window)).toBe(false);
  });
});
