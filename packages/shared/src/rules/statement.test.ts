import { describe, expect, it } from 'vitest';
import { isStatementMonth, shiftStatementMonth, statementDays, statementMonthOf } from './statement';

describe('对账单 period rule (docs/decisions/082)', () => {
  it('a month is YYYY-MM of a real month', () => {
    expect(['2025-03', '2000-01', '2999-12'].every(isStatementMonth)).toBe(true);
    expect(['2025-3', '2025-13', '2025-00', '1999-12', '2025-03-01', ''].some(isStatementMonth)).toBe(false);
  });
  it('its signing days run from the 1st to its last day, leap years too', () => {
    expect(statementDays('2025-03')).toEqual({ first: '2025-03-01', last: '2025-03-31' });
    expect(statementDays('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(statementDays('2025-02')).toEqual({ first: '2025-02-01', last: '2025-02-28' });
    expect(statementDays('2025-04').last).toBe('2025-04-30');
  });
  it('the default month is Shanghai’s, and the arrows cross years', () => {
    // 2025-03-31 16:30 UTC is 2025-04-01 00:30 in Shanghai.
    expect(statementMonthOf(new Date('2025-03-31T16:30:00Z'))).toBe('2025-04');
    expect(shiftStatementMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftStatementMonth('2024-12', 1)).toBe('2025-01');
  });
});
