import { messages } from '../messages';
import { PASSWORD_MIN_LENGTH } from './auth';
import { isMainlandPhone } from './phone';

/**
 * Part 2, section 5, 'Registration': the form's rules in the spec's order and the rule that
 * enables its submit button (section 2, screen 8). The web form and the server's schema both
 * call these, so a registration the form lets through is one the server takes.
 */
export interface RegistrationForm {
  /** The company's licensed name, chosen on /register/select/company. */
  companyLicenseName: string;
  /** Short name (公司简称). */
  name: string;
  creditNo: string;
  managerName: string;
  managerPhone: string;
  address: string;
  businessLicensePic: string;
  locationId: number | null;
  password: string;
  /** The confirmation; the API payload has none, so the server leaves it out. */
  passwordMore?: string;
}

export type RegistrationField = keyof RegistrationForm;

/** The form before anything is typed in (the web form starts from it and goes back to it). */
export const EMPTY_REGISTRATION_FORM: Required<RegistrationForm> = {
  companyLicenseName: '',
  name: '',
  creditNo: '',
  managerName: '',
  managerPhone: '',
  address: '',
  businessLicensePic: '',
  locationId: null,
  password: '',
  passwordMore: '',
};

const registrationText = messages.registration;
const filled = (value: string) => value.trim().length > 0;

/** GB 32100-2015: the 31 characters of a unified social credit code (no I, O, S, V, Z). */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of position i (0-based) among the first 17: 3^i mod 31. */
const CREDIT_CODE_WEIGHTS = Array.from({ length: 17 }, (_, i) => {
  let w = 1;
  for (let k = 0; k < i; k++) w = (w * 3) % 31;
  return w;
});

/**
 * The check character of the first 17 characters of a credit code: 31 - (Σ value × weight
 * mod 31), mapped into the character set (31 maps to '0'). Undefined for a body with a
 * character outside the set or of another length.
 */
export function creditCodeCheckChar(body: string): string | undefined {
  if (body.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(body.charAt(i));
    if (value < 0) return undefined;
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

/** A unified social credit code: 18 characters of the set whose last is the check character. */
export function isValidCreditCode(code: string): boolean {
  const value = code.trim().toUpperCase();
  return value.length === 18 && creditCodeCheckChar(value.slice(0, 17)) === value.charAt(17);
}

/**
 * "Submit is enabled only when short name, company, manager name, manager phone, address,
 * licence picture, region and credit code are all filled."
 */
export function canSubmitRegistration(form: RegistrationForm): boolean {
  return (
    filled(form.name) &&
    filled(form.companyLicenseName) &&
    filled(form.managerName) &&
    filled(form.managerPhone) &&
    filled(form.address) &&
    filled(form.businessLicensePic) &&
    form.locationId !== null &&
    filled(form.creditNo)
  );
}

/** The inline message of one field (password ones differ from the submit notice). */
export function registrationFieldError(field: RegistrationField, form: RegistrationForm): string | null {
  switch (field) {
    case 'companyLicenseName':
      return filled(form.companyLicenseName) ? null : registrationText.companyRequired;
    case 'name':
      return filled(form.name) ? null : registrationText.shortNameRequired;
    case 'creditNo':
      if (!filled(form.creditNo)) return registrationText.creditNoRequired;
      return isValidCreditCode(form.creditNo) ? null : registrationText.creditNoInvalid;
    case 'managerName':
      return filled(form.managerName) ? null : registrationText.managerNameRequired;
    case 'managerPhone':
      if (!filled(form.managerPhone)) return registrationText.managerPhoneRequired;
      return isMainlandPhone(form.managerPhone.trim()) ? null : registrationText.managerPhoneInvalid;
    case 'address':
      return filled(form.address) ? null : registrationText.addressRequired;
    case 'businessLicensePic':
      return filled(form.businessLicensePic) ? null : registrationText.licenceRequired;
    case 'locationId':
      return form.locationId === null ? registrationText.regionRequired : null;
    case 'password':
      if (!form.password) return registrationText.passwordRequired;
      return form.password.length < PASSWORD_MIN_LENGTH ? registrationText.passwordTooShort : null;
    case 'passwordMore':
      if (form.passwordMore === undefined) return null;
      if (!form.passwordMore) return registrationText.confirmRequired;
      return form.passwordMore === form.password ? null : registrationText.mismatch;
  }
}

/** The spec's order: company, short name, credit code, manager, phone, address, licence, region, passwords. */
export const REGISTRATION_FIELD_ORDER: readonly RegistrationField[] = [
  'companyLicenseName',
  'name',
  'creditNo',
  'managerName',
  'managerPhone',
  'address',
  'businessLicensePic',
  'locationId',
  'password',
  'passwordMore',
];

/**
 * The first failed rule on submit, with its field (the form focuses it). A short password
 * on submit is the spec's danger notice 密码最少六位 rather than the field's own text.
 */
export function validateRegistration(form: RegistrationForm): { field: RegistrationField; message: string } | null {
  for (const field of REGISTRATION_FIELD_ORDER) {
    const message = registrationFieldError(field, form);
    if (!message) continue;
    if (field === 'password' && message === registrationText.passwordTooShort) return { field, message: registrationText.passwordMinSix };
    return { field, message };
  }
  return null;
}
