import { describe, expect, it } from 'vitest';
import { authKeys, registrationKeys } from './query-keys';

// Cached queries and their invalidations meet only when the values match these.
describe('account query keys', () => {
  it('keys the picture code by the page that draws it', () => {
    expect(authKeys.verifyCode('sign')).toEqual(['auth', 'verify-code', 'sign']);
    expect(authKeys.verifyCode('retrieve')).toEqual(['auth', 'verify-code', 'retrieve']);
  });

  it('keeps the registration keys under one root', () => {
    expect(registrationKeys.company('椰林')).toEqual(['registration', 'company', '椰林']);
    expect(registrationKeys.channels()).toEqual(['registration', 'channels']);
    expect(registrationKeys.cities()).toEqual(['registration', 'cities']);
    expect(registrationKeys.reviewList()).toEqual(['registration', 'review', 'list']);
  });
});
