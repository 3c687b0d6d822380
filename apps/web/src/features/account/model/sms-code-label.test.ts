import { describe, expect, it } from 'vitest';
import { smsCodeButtonLabel } from './sms-code-label';

describe('smsCodeButtonLabel', () => {
  it('reads 获取验证码, then the countdown, then 重新获取', () => {
    expect(smsCodeButtonLabel(0, false)).toBe('获取验证码');
    expect(smsCodeButtonLabel(60, true)).toBe('60秒后重新获取');
    expect(smsCodeButtonLabel(1, true)).toBe('1秒后重新获取');
    expect(smsCodeButtonLabel(0, true)).toBe('重新获取');
  });
});
