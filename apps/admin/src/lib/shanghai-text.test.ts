import { afterEach, describe, expect, it, vi } from 'vitest';
import { shanghaiText } from './shanghai-text';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('shanghaiText: the console shows every instant in Shanghai time', () => {
  it('reads 02:11 UTC as 10:11, at each precision, in any zone of the operator’s computer', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
      vi.stubEnv('TZ', tz);
      // The operator's computer really is in that zone: its own clock reads differently.
      if (tz === 'UTC') expect(new Date('2026-12-06T02:11:05.000Z').getHours()).toBe(2);
      expect(shanghaiText('2026-12-06T02:11:05.000Z', 'second')).toBe('2026-12-06 10:11:05');
      expect(shanghaiText('2026-12-06T02:11:05.000Z')).toBe('2026-12-06 10:11');
      expect(shanghaiText('2026-12-05T17:30:00.000Z', 'day')).toBe('2026-12-06');
    }
  });

  it('answers nothing for a missing or unreadable value', () => {
    expect(shanghaiText(null)).toBe('');
    expect(shanghaiText('')).toBe('');
    expect(shanghaiText('not a time')).toBe('');
  });
});
