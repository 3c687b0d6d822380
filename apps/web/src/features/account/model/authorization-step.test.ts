import { describe, expect, it } from 'vitest';
import { afterSignInPath, authorizationReturnUrl, authorizationStep } from './authorization-step';

const q = (text: string) => new URLSearchParams(text);
const wechat = { inWechat: true, wechatEnabled: true };

describe('authorizationStep', () => {
  it('outside WeChat says to open it there, whatever the action', () => {
    expect(authorizationStep(q(''), { inWechat: false, wechatEnabled: true })).toEqual({ kind: 'outsideWechat' });
    expect(authorizationStep(q('action=bind'), { inWechat: false, wechatEnabled: false })).toEqual({ kind: 'outsideWechat' });
  });

  it('inside WeChat without credentials on the server: not configured', () => {
    expect(authorizationStep(q(''), { inWechat: true, wechatEnabled: false })).toEqual({ kind: 'notConfigured' });
  });

  it('asks to authorize a sign-in or a binding', () => {
    expect(authorizationStep(q('redirect=%2Fmy%2Ffavorite'), wechat)).toEqual({ kind: 'ask', action: 'login' });
    expect(authorizationStep(q('action=bind'), wechat)).toEqual({ kind: 'ask', action: 'bind' });
    expect(authorizationStep(q('action=other'), wechat)).toEqual({ kind: 'ask', action: 'login' });
  });

  it('finishes when WeChat came back with code and state, and only then', () => {
    expect(authorizationStep(q('code=C&state=S'), wechat)).toEqual({ kind: 'finish', action: 'login', code: 'C', state: 'S' });
    expect(authorizationStep(q('action=bind&code=C&state=S'), { inWechat: false, wechatEnabled: false })).toEqual({
      kind: 'finish',
      action: 'bind',
      code: 'C',
      state: 'S',
    });
    expect(authorizationStep(q('state=S'), wechat)).toEqual({ kind: 'ask', action: 'login' });
  });
});

describe('authorizationReturnUrl', () => {
  it('keeps the action and a safe return path, drops the rest', () => {
    expect(authorizationReturnUrl('http://localhost:3000', q('code=old&state=old'))).toBe('http://localhost:3000/authorization');
    expect(authorizationReturnUrl('http://x', q('action=bind&code=1'))).toBe('http://x/authorization?action=bind');
    expect(authorizationReturnUrl('http://x', q('redirect=%2Fhouse%2Fdetail%2F3'))).toBe('http://x/authorization?redirect=%2Fhouse%2Fdetail%2F3');
    expect(authorizationReturnUrl('http://x', q('redirect=https%3A%2F%2Fevil.example'))).toBe('http://x/authorization');
  });
});

describe('afterSignInPath', () => {
  it('goes to a path of this app, else home', () => {
    expect(afterSignInPath(q('redirect=%2Fmy%2Ffavorite'))).toBe('/my/favorite');
    expect(afterSignInPath(q('redirect=%2F%2Fevil.example'))).toBe('/home');
    expect(afterSignInPath(q(''))).toBe('/home');
  });
});
