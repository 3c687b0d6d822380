import { describe, expect, it } from 'vitest';
import { calculateMortgage, parseMortgageForm } from './mortgage';

describe('mortgage calculator', () => {
  it('equal payment: 1,000,000 元 over 30 years at 4.9% pays 5,307.27 元 a month', () => {
    const result = calculateMortgage({ principal: 1_000_000, years: 30, annualRatePercent: 4.9, method: 'equalPayment' });
    expect(result.months).toBe(360);
    expect(result.firstMonth).toBeCloseTo(5307.27, 2);
    expect(result.monthlyDecrease).toBe(0);
    expect(result.totalPayment).toBeCloseTo(5307.27 * 360, -1);
    expect(result.totalInterest).toBeCloseTo(result.totalPayment - 1_000_000, 6);
  });

  it('equal principal: the same loan pays 6,861.11 元 first, 11.34 元 less each month', () => {
    const result = calculateMortgage({ principal: 1_000_000, years: 30, annualRatePercent: 4.9, method: 'equalPrincipal' });
    expect(result.firstMonth).toBeCloseTo(6861.11, 2);
    expect(result.monthlyDecrease).toBeCloseTo(11.34, 2);
    expect(result.totalInterest).toBeCloseTo(737_041.67, 2);
    // The schedule summed month by month gives the same total.
    let sum = 0;
    for (let k = 0; k < result.months; k += 1) sum += result.firstMonth - k * result.monthlyDecrease;
    expect(sum).toBeCloseTo(result.totalPayment, 4);
  });

  it('with no interest both methods repay the principal evenly', () => {
    for (const method of ['equalPayment', 'equalPrincipal'] as const) {
      const result = calculateMortgage({ principal: 120_000, years: 10, annualRatePercent: 0, method });
      expect(result.firstMonth).toBeCloseTo(1000, 9);
      expect(result.totalInterest).toBeCloseTo(0, 9);
    }
  });

  it('reads the form in 万元 and names the first invalid field', () => {
    expect(parseMortgageForm({ amount: '100', years: '30', rate: '3.5', method: 'equalPayment' })).toEqual({
      ok: true,
      input: { principal: 1_000_000, years: 30, annualRatePercent: 3.5, method: 'equalPayment' },
    });
    expect(parseMortgageForm({ amount: '', years: '30', rate: '3.5', method: 'equalPayment' })).toEqual({ ok: false, field: 'amount' });
    expect(parseMortgageForm({ amount: '-1', years: '30', rate: '3.5', method: 'equalPayment' })).toEqual({ ok: false, field: 'amount' });
    expect(parseMortgageForm({ amount: '100', years: '31', rate: '3.5', method: 'equalPayment' })).toEqual({ ok: false, field: 'years' });
    expect(parseMortgageForm({ amount: '100', years: '2.5', rate: '3.5', method: 'equalPayment' })).toEqual({ ok: false, field: 'years' });
    expect(parseMortgageForm({ amount: '100', years: '20', rate: 'abc', method: 'equalPayment' })).toEqual({ ok: false, field: 'rate' });
  });
});
