import { describe, expect, it } from 'vitest';
import { followMustChange, mustChangeOf, mustChangePath } from './must-change';

function effects(pathname: string) {
  const calls = { patches: [] as unknown[], navigations: [] as Array<[string, { replace: boolean }]> };
  return {
    calls,
    pathname,
    updateUserInfo: (patch: unknown) => void calls.patches.push(patch),
    navigate: (to: string, options: { replace: boolean }) => void calls.navigations.push([to, options]),
  };
}

describe('must-change refusals (decision 017)', () => {
  it('reads the reason of a 403 only', () => {
    expect(mustChangeOf({ code: 403, data: { reason: 'MUST_CHANGE_PASSWORD' } })).toBe('MUST_CHANGE_PASSWORD');
    expect(mustChangeOf({ code: 400, data: { reason: 'MUST_CHANGE_PASSWORD' } })).toBeNull();
    expect(mustChangeOf({ code: 403, data: null })).toBeNull();
    expect(mustChangeOf({ code: 403, data: { reason: 'SOMETHING_ELSE' } })).toBeNull();
    expect(mustChangeOf({ code: 403, data: 'MUST_CHANGE_PASSWORD' })).toBeNull();
  });

  it('sends the user to /change/password and marks the session', () => {
    expect(mustChangePath('MUST_CHANGE_PASSWORD')).toBe('/change/password');
    const e = effects('/record/list');
    expect(followMustChange({ code: 403, data: { reason: 'MUST_CHANGE_PASSWORD' } }, e)).toBe(true);
    expect(e.calls.patches).toEqual([{ mustChangePassword: true }]);
    expect(e.calls.navigations).toEqual([['/change/password', { replace: true }]]);
  });

  it('stays put on the page already, and ignores every other failure', () => {
    const there = effects('/change/password');
    expect(followMustChange({ code: 403, data: { reason: 'MUST_CHANGE_PASSWORD' } }, there)).toBe(true);
    expect(there.calls.navigations).toEqual([]);
    expect(there.calls.patches).toHaveLength(1);

    const other = effects('/home');
    expect(followMustChange({ code: 403, data: null }, other)).toBe(false);
    expect(followMustChange({ code: 401, data: { reason: 'MUST_CHANGE_PASSWORD' } }, other)).toBe(false);
    expect(other.calls).toEqual({ patches: [], navigations: [] });
  });
});
