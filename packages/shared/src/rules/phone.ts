/** Part 2, section 9: 11 digits, first digit 1, second digit 3 to 9. */
export const MAINLAND_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isMainlandPhone(value: string): boolean {
  return MAINLAND_PHONE_PATTERN.test(value);
}

/** A masked mainland number: first 3 and last 4 digits kept, e.g. 138****5678. */
export const MASKED_PHONE_PATTERN = /^1[3-9]\d\*{4}\d{4}$/;

export function isMaskedPhone(value: string): boolean {
  return MASKED_PHONE_PATTERN.test(value);
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
