import { messages } from '../messages';
import { isMainlandPhone } from './phone';

/**
 * Part 1, section 5. Each function returns the first failed rule's message in the
 * spec's order, or null. The zod schemas of schemas/auth.ts and the web forms both call them.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PICTURE_CODE_MIN_LENGTH = 4;
export const SMS_COUNTDOWN_SECONDS = 60;

const m = messages;

function loginPhoneFailure(username: string): string | null {
  if (!username) return m.login.phoneRequired;
  if (!isMainlandPhone(username)) return m.login.phoneInvalid;
  return null;
}

export function validatePasswordLogin(input: { username: string; password: string }): string | null {
  return loginPhoneFailure(input.username) ?? (input.password ? null : m.login.passwordRequired);
}

export function validateCodeLogin(input: { username: string; code: string }): string | null {
  return loginPhoneFailure(input.username) ?? (input.code ? null : m.login.codeRequired);
}

export function validateSmsCodeRequest(input: { username: string; code: string }): string | null {
  const phone = loginPhoneFailure(input.username);
  if (phone) return phone;
  if (!input.code) return m.login.pictureCodeRequired;
  if (input.code.length < PICTURE_CODE_MIN_LENGTH) return m.login.pictureCodeTooShort;
  return null;
}

export function validateChangePassword(input: {
  oldPassword: string;
  password: string;
  passwordMore: string;
}): string | null {
  const c = m.changePassword;
  if (!input.oldPassword) return c.oldRequired;
  if (!input.password) return c.newPlaceholder;
  if (input.password.length < PASSWORD_MIN_LENGTH) return c.newMinSix;
  if (input.password === input.oldPassword) return c.sameAsOld;
  if (!input.passwordMore) return c.confirmRequired;
  if (input.passwordMore !== input.password) return c.mismatch;
  return null;
}

export function validateRetrievePassword(input: {
  phone: string;
  password: string;
  passwordMore: string;
  wxcode: string;
}): string | null {
  const r = m.retrievePassword;
  if (!input.phone) return r.phoneRequired;
  if (!isMainlandPhone(input.phone)) return r.phoneInvalid;
  if (input.password.length < PASSWORD_MIN_LENGTH) return r.passwordMinSix;
  if (input.passwordMore !== input.password) return r.mismatch;
  if (!input.wxcode) return r.smsRequired;
  return null;
}
