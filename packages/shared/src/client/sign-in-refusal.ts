/**
 * What a refused password sign-in asks for next (decision 017), read from the refusal's `data`
 * by the phone app and the console alike: `needVerifyCode` (the picture code) and
 * `needSmsCode` (a login code sent to the account's phone, past its ceiling of failures).
 */
function flag(data: unknown, name: 'needVerifyCode' | 'needSmsCode'): boolean {
  return typeof data === 'object' && data !== null && name in data && (data as Record<string, unknown>)[name] === true;
}

export const needsVerifyCode = (data: unknown): boolean => flag(data, 'needVerifyCode');
export const needsSmsCode = (data: unknown): boolean => flag(data, 'needSmsCode');
