/**
 * The built-in mortgage calculator, used when no external calculator page is configured.
 * Monthly rate r = annual rate / 12; n = years × 12 months.
 *  - 等额本息 (equal payment): M = P·r·(1+r)^n / ((1+r)^n − 1), the same every month.
 *  - 等额本金 (equal principal): month k pays P/n + (P − (k−1)·P/n)·r, so the first month
 *    pays P/n + P·r, each month P/n·r less, and the interest totals P·r·(n+1)/2.
 */
export type RepaymentMethod = 'equalPayment' | 'equalPrincipal';

export interface MortgageInput {
  /** Principal in 元. */
  principal: number;
  years: number;
  /** Annual rate in percent, e.g. 3.5. */
  annualRatePercent: number;
  method: RepaymentMethod;
}

export interface MortgageResult {
  /** The first month's payment (every month's for equal payment). */
  firstMonth: number;
  /** How much less each later month pays (0 for equal payment). */
  monthlyDecrease: number;
  totalInterest: number;
  totalPayment: number;
  months: number;
}

export function calculateMortgage({ principal, years, annualRatePercent, method }: MortgageInput): MortgageResult {
  const n = Math.round(years * 12);
  const r = annualRatePercent / 100 / 12;
  if (method === 'equalPayment') {
    const monthly = r === 0 ? principal / n : (principal * r * (1 + r) ** n) / ((1 + r) ** n - 1);
    const total = monthly * n;
    return { firstMonth: monthly, monthlyDecrease: 0, totalInterest: total - principal, totalPayment: total, months: n };
  }
  const base = principal / n;
  const interest = (principal * r * (n + 1)) / 2;
  return {
    firstMonth: base + principal * r,
    monthlyDecrease: base * r,
    totalInterest: interest,
    totalPayment: principal + interest,
    months: n,
  };
}

export const MAX_LOAN_YEARS = 30;

export type MortgageField = 'amount' | 'years' | 'rate';

/** Reads the form (amount in 万元); the first invalid field, or the input in 元. */
export function parseMortgageForm(form: {
  amount: string;
  years: string;
  rate: string;
  method: RepaymentMethod;
}): { ok: true; input: MortgageInput } | { ok: false; field: MortgageField } {
  const amount = Number(form.amount);
  if (!form.amount.trim() || !Number.isFinite(amount) || amount <= 0 || amount > 100_000) return { ok: false, field: 'amount' };
  const years = Number(form.years);
  if (!Number.isInteger(years) || years < 1 || years > MAX_LOAN_YEARS) return { ok: false, field: 'years' };
  const rate = Number(form.rate);
  if (!form.rate.trim() || !Number.isFinite(rate) || rate < 0 || rate > 30) return { ok: false, field: 'rate' };
  return { ok: true, input: { principal: amount * 10_000, years, annualRatePercent: rate, method: form.method } };
}
