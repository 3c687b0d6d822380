import type { PhoneRule } from './house';
import { maskPhone } from './phone';
import { isConsoleRole, type Role } from './roles';

/**
 * Hidden numbers stay hidden (docs/decisions/019). On a listing whose phone
 * rule is MASKED, the developer side reads a report's customer phone as the first three and
 * last four digits only, even when the broker typed the full number; the reporter's side and
 * the auditors read what was entered. The server applies it to every answer that carries a
 * report's customer phone (lists, detail, audit, the external arrival list); the copy text is
 * built from those answers.
 */

/** Who reads a report: a signed-in role, or the developer's on-site staff by the external arrival link. */
export type ReportReader = Role | 'EXTERNAL';

/**
 * The developer side: the channel roles, the external arrival list, and the console's operators
 * (docs/decisions/049): they run the company's listings and people, not its customers, so the
 * report table's Excel file keeps a MASKED listing's numbers hidden as the channel staff see them.
 */
export function isDeveloperSide(reader: ReportReader): boolean {
  return reader === 'EXTERNAL' || reader === 'CHANNEL' || reader === 'CHANNELJINGLI' || isConsoleRole(reader);
}

/** First 3 + **** + last 4 (138****5678); a number of 7 characters or fewer shows nothing. */
export function hidePhone(phone: string): string {
  if (!phone) return '';
  if (phone.length === 11) return maskPhone(phone);
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** The customer phone of a report as this reader may see it. */
export function reportPhoneFor(reader: ReportReader, ruleTel: PhoneRule, phone: string): string {
  return ruleTel === 'MASKED' && isDeveloperSide(reader) ? hidePhone(phone) : phone;
}

/** Whether a phone keyword may search the entered number (else only the hidden form, so a search cannot reveal digits). */
export function searchesEnteredPhone(reader: ReportReader): boolean {
  return !isDeveloperSide(reader);
}
