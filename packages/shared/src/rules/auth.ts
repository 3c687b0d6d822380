import { messages } from '../messages';
import { isMainlandPhone } from './phone';

/**
 * Part 1, section 5. Each function returns the first failed rule's message in the
 * spec's order, or null. The zod schemas of schemas/auth.ts and the web forms both call them.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PICTURE_CODE_MIN_LENGTH = 4;
export const SMS_COUNTDOWN_SECONDS = 60;

const loginText = messages.login;
const passwordText = messages.changePassword;
const retrieveText = messages.retrievePassword;

function loginPhoneFailure(username: string): string | null {
  if (!username) return loginText.phoneRequired;
  if (!isMainlandPhone(username)) return loginText.phoneInvalid;
  return null;
}

export function validatePasswordLogin(input: { username: string; password: string }): string | null {
  return loginPhoneFailure(input.username) ?? (input.password ? null : loginText.passwordRequired);
}

export function validateCodeLogin(input: { username: string; code: string }): string | null {
  return loginPhoneFailure(input.username) ?? (input.code ? null : loginText.codeRequired);
}

export function validateSmsCodeRequest(input: { username: string; code: string }): string | null {
  const phone = loginPhoneFailure(input.username);
  if (phone) return phone;
  if (!input.code) return loginText.pictureCodeRequired;
  if (input.code.length < PICTURE_CODE_MIN_LENGTH) return loginText.pictureCodeTooShort;
  return null;
}

export function validateChangePassword(input: {
  oldPassword: string;
  password: string;
  passwordMore: string;
}): string | null {
  if (!input.oldPassword) return passwordText.oldRequired;
  if (!input.password) return passwordText.newPlaceholder;
  if (input.password.length < PASSWORD_MIN_LENGTH) return passwordText.newMinSix;
  if (input.password === input.oldPassword) return passwordText.sameAsOld;
  if (!input.passwordMore) return passwordText.confirmRequired;
  if (input.passwordMore !== input.password) return passwordText.mismatch;
  return null;
}

export function validateRetrievePassword(input: {
  phone: string;
  password: string;
  passwordMore: string;
  wxcode: string;
}): string | null {
  if (!input.phone) return retrieveText.phoneRequired;
  if (!isMainlandPhone(input.phone)) return retrieveText.phoneInvalid;
  if (input.password.length < PASSWORD_MIN_LENGTH) return retrieveText.passwordMinSix;
  if (input.passwordMore !== input.password) return retrieveText.mismatch;
  if (!input.wxcode) return retrieveText.smsRequired;
  return null;
}
