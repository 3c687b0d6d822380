import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  validateChangePassword,
  validateCodeLogin,
  validatePasswordLogin,
  validateRetrievePassword,
  validateSmsCodeRequest,
} from './auth';

describe('login rules', () => {
  it('checks phone, then password', () => {
    expect(validatePasswordLogin({ username: '', password: '' })).toBe(messages.login.phoneRequired);
    expect(validatePasswordLogin({ username: '123', password: '' })).toBe(messages.login.phoneInvalid);
    expect(validatePasswordLogin({ username: '13800000003', password: '' })).toBe(messages.login.passwordRequired);
    expect(validatePasswordLogin({ username: '13800000003', password: 'x' })).toBeNull();
  });
  it('checks phone, then code', () => {
    expect(validateCodeLogin({ username: '13800000003', code: '' })).toBe(messages.login.codeRequired);
  });
  it('asks for a picture code of at least 4 characters before sending SMS', () => {
    expect(validateSmsCodeRequest({ username: '1380000000', code: 'abcd' })).toBe(messages.login.phoneInvalid);
    expect(validateSmsCodeRequest({ username: '13800000003', code: '' })).toBe(messages.login.pictureCodeRequired);
    expect(validateSmsCodeRequest({ username: '13800000003', code: 'abc' })).toBe(messages.login.pictureCodeTooShort);
    expect(validateSmsCodeRequest({ username: '13800000003', code: 'abcd' })).toBeNull();
  });
});

describe('change password rules, in order', () => {
  const ok = { oldPassword: '123456', password: 'abc12345', passwordMore: 'abc12345' };
  it.each([
    [{ ...ok, oldPassword: '' }, messages.changePassword.oldRequired],
    [{ ...ok, password: '', passwordMore: '' }, messages.changePassword.newPlaceholder],
    [{ ...ok, password: '12345', passwordMore: '' }, messages.changePassword.newMinSix],
    [{ ...ok, password: '123456', passwordMore: '' }, messages.changePassword.sameAsOld],
    [{ ...ok, passwordMore: '' }, messages.changePassword.confirmRequired],
    [{ ...ok, passwordMore: 'abc1234' }, messages.changePassword.mismatch],
  ])('%o gives %s', (input, message) => {
    expect(validateChangePassword(input)).toBe(message);
  });
  it('accepts a valid change', () => expect(validateChangePassword(ok)).toBeNull());
});

describe('retrieve password rules, in order', () => {
  const ok = { phone: '13800000003', password: 'abcdef', passwordMore: 'abcdef', wxcode: '123456' };
  it.each([
    [{ ...ok, phone: '' }, messages.retrievePassword.phoneRequired],
    [{ ...ok, phone: '23800000003' }, messages.retrievePassword.phoneInvalid],
    [{ ...ok, password: '123' }, messages.retrievePassword.passwordMinSix],
    [{ ...ok, passwordMore: 'abcdeg' }, messages.retrievePassword.mismatch],
    [{ ...ok, wxcode: '' }, messages.retrievePassword.smsRequired],
  ])('%o gives %s', (input, message) => {
    expect(validateRetrievePassword(input)).toBe(message);
  });
});
