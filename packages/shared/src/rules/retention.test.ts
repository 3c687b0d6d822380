import { describe, expect, it } from 'vitest';
import { anonymousName, anonymousPhone, monthsBefore } from './retention';

describe('retention rules', () => {
  it('names a customer by its id and a report without one by its own', () => {
    expect(anonymousName({ customerId: 35 })).toBe('客户Z');
    expect(anonymousName({ customerId: 36, recordId: 9 })).toBe('客户10');
    expect(anonymousName({ customerId: null, recordId: 71 })).toBe('客户R1Z');
  });
  it('masks a phone once', () => {
    expect(anonymousPhone('13812345678')).toBe('138****5678');
    expect(anonymousPhone('138****5678')).toBe('138****5678');
    expect(anonymousPhone('')).toBe('');
  });
  it('counts calendar months back', () => {
    expect(monthsBefore(new Date('2026-05-10T00:00:00Z'), 24).toISOString()).toBe('2024-05-10T00:00:00.000Z');
  });
});
