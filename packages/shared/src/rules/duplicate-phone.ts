import { isMaskedPhone, maskPhone } from './phone';

/**
 * How two customer numbers met under the duplicate rule (撞单, DECISIONS.md; decision 066):
 * - `whole`: both numbers were given whole, and they are the same number;
 * - `pattern`: one side (or both) is a hidden number (138****5678), so only what it shows can be
 *   compared: the first 3 and last 4 digits.
 * Two whole numbers that differ are two customers, however alike their ends (13544440001 and
 * 13566660001 both read 135****0001).
 */
export type PhoneMatch = 'whole' | 'pattern';

/** The way `a` and `b` are one customer, or null when they are not. */
export function phoneMatch(a: string, b: string): PhoneMatch | null {
  if (!isMaskedPhone(a) && !isMaskedPhone(b)) return a === b ? 'whole' : null;
  return maskPhone(a) === maskPhone(b) ? 'pattern' : null;
}

/** The pattern both sides are compared by: what every report keeps as its masked number. */
export function duplicateKey(phone: string): string {
  return isMaskedPhone(phone) ? phone : maskPhone(phone);
}
