import { describe, expect, it } from 'vitest';
import { auditVisitBounds, pickerToText, shanghaiToPicker } from './audit-visit-time';

describe('audit visit time', () => {
  it('runs from 2020-01-01 00:00 to the current Shanghai minute', () => {
    const now = new Date('2026-03-05T02:07:30Z'); // 10:07 in Shanghai
    const { min, max } = auditVisitBounds(now);
    expect(pickerToText(min)).toBe('2020-01-01 00:00');
    expect(pickerToText(max)).toBe('2026-03-05 10:07');
  });
  it('keeps the Shanghai wall clock across midnight UTC', () => {
    expect(pickerToText(shanghaiToPicker(new Date('2026-12-31T20:30:00Z')))).toBe('2027-01-01 04:30');
  });
});
