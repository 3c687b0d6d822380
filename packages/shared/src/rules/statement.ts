/**
 * 对账单 (issue 30, item 6; docs/decisions/082): the period rule, in one place. A statement is a
 * distributor's and a calendar month's (Shanghai): the deals whose signing date (签约日期) falls
 * in the month, as the deal summary counts them; what is paid and pending is as of the reading.
 */
import { shanghaiDay } from './shanghai-time';

const MONTH = /^(\d{4})-(\d{2})$/;

/** 'YYYY-MM' of a real month (2000-01 to 2999-12). */
export function isStatementMonth(value: string): boolean {
  const m = MONTH.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 2000 && year <= 2999 && month >= 1 && month <= 12;
}

/** The month of an instant in Shanghai, 'YYYY-MM': the statement's default period. */
export function statementMonthOf(instant: Date): string {
  return shanghaiDay(instant).slice(0, 7);
}

/** The month's first and last calendar days, 'YYYY-MM-DD', the bounds of `signed_on`. */
export function statementDays(month: string): { first: string; last: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, '0')}` };
}

/** The month before or after (`step` months), for the pickers' arrows. */
export function shiftStatementMonth(month: string, step: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, mon - 1 + step, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
