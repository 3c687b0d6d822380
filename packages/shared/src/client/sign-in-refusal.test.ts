import { describe, expect, it } from 'vitest';
import { needsSmsCode, needsVerifyCode } from './sign-in-refusal';

describe('a refused sign-in’s next step (decision 017)', () => {
  it('reads each flag only when it is true', () => {
    expect(needsVerifyCode({ needVerifyCode: true, needSmsCode: false })).toBe(true);
    expect(needsSmsCode({ needVerifyCode: true, needSmsCode: false })).toBe(false);
    expect(needsSmsCode({ needSmsCode: true })).toBe(true);
    expect(needsVerifyCode({ needVerifyCode: 'true' })).toBe(false);
    expect(needsSmsCode(null)).toBe(false);
  });
});
