import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  canSubmitRegistration,
  creditCodeCheckChar,
  EMPTY_REGISTRATION_FORM,
  isValidCreditCode,
  registrationFieldError,
  validateRegistration,
  type RegistrationForm,
} from './registration';

const registrationText = messages.registration;

const complete: RegistrationForm = {
  companyLicenseName: '海南椰风房产经纪有限公司',
  name: '椰风房产',
  creditNo: '91460100MA5T00000H',
  managerName: '王海',
  managerPhone: '13700009999',
  address: '海口市龙华区滨海大道1号',
  businessLicensePic: '/uploads/2026/11/0123456789abcdef0123456789abcdef.png',
  locationId: 3,
  password: 'abc12345',
  passwordMore: 'abc12345',
};

describe('canSubmitRegistration (part 2, section 2, screen 8)', () => {
  it('is on when the eight required fields are filled, passwords aside', () => {
    expect(canSubmitRegistration(complete)).toBe(true);
    expect(canSubmitRegistration({ ...complete, password: '', passwordMore: '' })).toBe(true);
  });

  it.each([
    ['name', { name: '  ' }],
    ['companyLicenseName', { companyLicenseName: '' }],
    ['managerName', { managerName: '' }],
    ['managerPhone', { managerPhone: '' }],
    ['address', { address: '' }],
    ['businessLicensePic', { businessLicensePic: '' }],
    ['locationId', { locationId: null }],
    ['creditNo', { creditNo: '' }],
  ] as const)('is off without %s', (_field, change) => {
    expect(canSubmitRegistration({ ...complete, ...change })).toBe(false);
  });
});

describe('validateRegistration (part 2, section 5, in order)', () => {
  it('passes a complete form', () => {
    expect(validateRegistration(complete)).toBeNull();
  });

  it('reports the first failed rule in the spec order', () => {
    const steps: [Partial<RegistrationForm>, string][] = [
      [{}, registrationText.companyRequired],
      [{ companyLicenseName: complete.companyLicenseName }, registrationText.shortNameRequired],
      [{ name: complete.name }, registrationText.creditNoRequired],
      [{ creditNo: complete.creditNo }, registrationText.managerNameRequired],
      [{ managerName: complete.managerName }, registrationText.managerPhoneRequired],
      [{ managerPhone: '12345678901' }, registrationText.managerPhoneInvalid],
      [{ managerPhone: complete.managerPhone }, registrationText.addressRequired],
      [{ address: complete.address }, registrationText.licenceRequired],
      [{ businessLicensePic: complete.businessLicensePic }, registrationText.regionRequired],
      [{ locationId: 3 }, registrationText.passwordRequired],
      [{ password: '12345' }, registrationText.passwordMinSix],
      [{ password: '123456' }, registrationText.confirmRequired],
      [{ passwordMore: '1234567' }, registrationText.mismatch],
      [{ passwordMore: '123456' }, ''],
    ];
    let form: RegistrationForm = EMPTY_REGISTRATION_FORM;
    for (const [change, expected] of steps) {
      form = { ...form, ...change };
      expect(validateRegistration(form)?.message ?? '').toBe(expected);
    }
  });

  it('names the field so the form can focus it', () => {
    expect(validateRegistration({ ...complete, password: '123' })).toEqual({ field: 'password', message: registrationText.passwordMinSix });
  });

  it('skips the confirmation when there is none (the API payload)', () => {
    const { passwordMore: _omitted, ...payload } = complete;
    expect(validateRegistration(payload)).toBeNull();
  });
});

describe('registrationFieldError: the inline texts', () => {
  it('uses the field texts for the password, not the submit notice', () => {
    expect(registrationFieldError('password', { ...complete, password: '' })).toBe(registrationText.passwordRequired);
    expect(registrationFieldError('password', { ...complete, password: '12' })).toBe(registrationText.passwordTooShort);
    expect(registrationFieldError('passwordMore', { ...complete, passwordMore: 'x' })).toBe(registrationText.mismatch);
  });
});

describe('unified social credit code check character (GB 32100-2015)', () => {
  it.each([
    '91350100M000100Y43', // the standard's own example
    '91110000100006485K',
    '91460100MA5T00000H',
    '91460100MA5T900080', // sum ≡ 0 (mod 31): check 31 maps to '0'
    '91460000MA5TQ8881Q',
  ])('accepts %s', (code) => {
    expect(isValidCreditCode(code)).toBe(true);
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });

  it('accepts lower case and surrounding blanks, as the form upper-cases what is typed', () => {
    expect(isValidCreditCode(' 91350100m000100y43 ')).toBe(true);
  });

  it.each([
    ['a wrong check character', '91350100M000100Y44'],
    ['two swapped characters', '91350100M000010Y43'],
    ['17 characters', '91350100M000100Y4'],
    ['19 characters', '91350100M000100Y433'],
    ['a letter outside the set (I)', '9135010IM000100Y43'],
    ['a letter outside the set (O)', '91350100M0O0100Y43'],
    ['a check character outside the set (Z)', '91460100MA5T00000Z'],
    ['a former test code', '91460100MA5T000001'],
  ])('refuses %s', (_what, code) => {
    expect(isValidCreditCode(code)).toBe(false);
  });

  it('is the form rule of the field, after the required one', () => {
    expect(registrationFieldError('creditNo', { ...complete, creditNo: '' })).toBe(registrationText.creditNoRequired);
    expect(registrationFieldError('creditNo', { ...complete, creditNo: '91350100M000100Y44' })).toBe(registrationText.creditNoInvalid);
    expect(registrationFieldError('creditNo', { ...complete, creditNo: '91350100M000100Y43' })).toBeNull();
    expect(validateRegistration({ ...complete, creditNo: '91460100MA5T000001' })).toEqual({ field: 'creditNo', message: registrationText.creditNoInvalid });
  });
});
