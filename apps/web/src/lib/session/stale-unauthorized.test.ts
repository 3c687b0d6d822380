import { describe, expect, it } from 'vitest';
import { isStaleUnauthorized } from './stale-unauthorized';

describe('isStaleUnauthorized', () => {
  const none = new Set<string>();
  it('a 401 to a call made with the session’s own token is about the session now', () => {
    expect(isStaleUnauthorized('t1', 't1', none)).toBe(false);
  });
  it('a call without a token is not stale (the caller or the guard decides, as before)', () => {
    expect(isStaleUnauthorized(null, 't1', none)).toBe(false);
    expect(isStaleUnauthorized(null, null, none)).toBe(false);
  });
  it('a call made before the session moved on is stale: signed out, or signed in again', () => {
    expect(isStaleUnauthorized('t1', null, none)).toBe(true);
    expect(isStaleUnauthorized('t1', 't2', none)).toBe(true);
  });
  it('a call that crossed this client’s own logout is stale while the token is being revoked', () => {
    expect(isStaleUnauthorized('t1', 't1', new Set(['t1']))).toBe(true);
    expect(isStaleUnauthorized('t2', 't2', new Set(['t1']))).toBe(false);
  });
});
