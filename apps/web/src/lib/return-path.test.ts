import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('accepts paths of the app with their query', () => {
    expect(safeReturnPath('/home?active=fky')).toBe('/home?active=fky');
    expect(safeReturnPath('/record/detail/12')).toBe('/record/detail/12');
  });

  it('refuses other origins, empty values and the login page', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('home')).toBeNull();
    expect(safeReturnPath('/login?redirect=/home')).toBeNull();
  });
});

describe('loginPath', () => {
  it('encodes the return path', () => {
    expect(loginPath('/home?active=my')).toBe('/login?redirect=%2Fhome%3Factive%3Dmy');
    expect(loginPath()).toBe('/login');
    expect(loginPath('/login')).toBe('/login');
  });
});
