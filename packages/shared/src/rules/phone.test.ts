import { describe, expect, it } from 'vitest';
import { isMainlandPhone, isMaskedPhone, maskPhone } from './phone';

describe('phone rules', () => {
  it('accepts 11 digits starting 1 then 3-9', () => {
    expect(isMainlandPhone('13800000003')).toBe(true);
    expect(isMainlandPhone('19912345678')).toBe(true);
  });
  it('refuses a second digit below 3, short or long numbers', () => {
    expect(isMainlandPhone('12800000003')).toBe(false);
    expect(isMainlandPhone('1380000000')).toBe(false);
    expect(isMainlandPhone('138000000031')).toBe(false);
    expect(isMainlandPhone('1380000000a')).toBe(false);
  });
  it('masks and recognises masked numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(isMaskedPhone('138****5678')).toBe(true);
    expect(isMaskedPhone('138***45678')).toBe(false);
  });
});
