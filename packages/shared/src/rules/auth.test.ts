import { describe, expect, it } from 'vitest';
import { messages as m } from '../messages';
import {
  validateChangePassword,
  validateCodeLogin,
  validatePasswordLogin,
  validateRetrievePassword,
  validateSmsCodeRequest,
} from './auth';

describe('login rules', () => {
  it('checks phone, then password', () => {
    expect(validatePasswordLogin({ username: '', password: '' })).toBe(m.login.phoneRequired);
    expect(validatePasswordLogin({ username: '123', password: '' })).toBe(m.login.phoneInvalid);
    expect(validatePasswordLogin({ username: '13800000003', password: '' })).toBe(m.login.passwordRequired);
    expect(validatePasswordLogin({ username: '13800000003', password: 'x' })).toBeNull();
  });
  it('checks phone, then code', () => {
    expect(validateCodeLogin({ username: '13800000003', code: '' })).toBe(m.login.codeRequired);
  });
  it('asks for a picture code of at least 4 characters before sending SMS', () => {
    expect(validateSmsCodeRequest({ username: '1380000000', code: 'abcd' })).toBe(m.login.phoneInvalid);
    expect(validateSmsCodeRequest({ username: '13800000003', code: '' })).toBe(m.login.pictureCodeRequired);
    expect(validateSmsCodeRequest({ username: '13800000003', code: 'abc' })).toBe(m.login.pictureCodeTooShort);
    expect(validateSmsCodeRequest({ username: '13800000003', code: 'abcd' })).toBeNull();
  });
});

describe('change password rules, in order', () => {
  const ok = { oldPassword: '123456', password: 'abc12345', passwordMore: 'abc12345' };
  it.each([
    [{ ...ok, oldPassword: '' }, m.changePassword.oldRequired],
    [{ ...ok, password: '', passwordMore: '' }, m.changePassword.newPlaceholder],
    [{ ...ok, password: '12345', passwordMore: '' }, m.changePassword.newMinSix],
    [{ ...ok, password: '123456', passwordMore: '' }, m.changePassword.sameAsOld],
    [{ ...ok, passwordMore: '' }, m.changePassword.confirmRequired],
    [{ ...ok, passwordMore: 'abc1234' }, m.changePassword.mismatch],
  ])('%o gives %s', (input, message) => {
    expect(validateChangePassword(input)).toBe(message);
  });
  it('accepts a valid change', () => expect(validateChangePassword(ok)).toBeNull());
});

describe('retrieve password rules, in order', () => {
  const ok = { phone: '13800000003', password: 'abcdef', passwordMore: 'abcdef', wxcode: '123456' };
  it.each([
    [{ ...ok, phone: '' }, m.retrievePassword.phoneRequired],
    [{ ...ok, phone: '23800000003' }, m.retrievePassword.phoneInvalid],
    [{ ...ok, password: '123' }, m.retrievePassword.passwordMinSix],
    [{ ...ok, passwordMore: 'abcdeg' }, m.retrievePassword.mismatch],
    [{ ...ok, wxcode: '' }, m.retrievePassword.smsRequired],
  ])('%o gives %s', (input, message) => {
    expect(validateRetrievePassword(input)).toBe(message);
  });
});
