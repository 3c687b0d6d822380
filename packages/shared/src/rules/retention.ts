import { hidePhone } from './report-phone';

/**
 * 数据保留 and 个人信息请求 (issue 33 items 3 and 4, docs/decisions/093). The 个人信息保护法 asks
 * a handler to keep personal information no longer than needed and to delete it when the person
 * asks: a closed report's customer is anonymised after the company's months, its pictures
 * earlier; the counts, statuses, deals and commission stay, so statistics do not change.
 */

/** Customer data of reports closed this many months ago is anonymised (company setting, default). */
export const DEFAULT_RETENTION_MONTHS = 24;
/** Pictures of reports closed this many months ago are deleted (company setting, default). */
export const DEFAULT_PICTURE_RETENTION_MONTHS = 12;
/** Ten years: the longest a company may keep them (and at least one month). */
export const RETENTION_MAX_MONTHS = 120;

/**
 * The name an anonymised customer goes by: 客户 and a short stable id (the customer's, base 36;
 * a report without a customer row takes its own id after an R), so one customer's reports and
 * its book row read alike and two customers never do.
 */
export function anonymousName(ref: { customerId: number | null; recordId?: number }): string {
  if (ref.customerId !== null) return `客户${ref.customerId.toString(36).toUpperCase()}`;
  return `客户R${(ref.recordId ?? 0).toString(36).toUpperCase()}`;
}

/** An anonymised phone: its masked form (138****5678), which a masked phone already is. */
export function anonymousPhone(phone: string): string {
  return phone.includes('*') ? phone : hidePhone(phone);
}

/** The instant `months` calendar months before `now` (UTC calendar; a day's difference at most). */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}
