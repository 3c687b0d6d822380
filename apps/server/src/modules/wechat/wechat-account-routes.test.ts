import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { companyHost, oauthState, user, userIdentity } from '../../db/schema';
import { DEMO_ROLE_PHONES as ROLES } from '../../test/accounts';
import { authorizeAt, startFakeWechat, type FakeWechat } from '../../test/fake-wechat';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { LOGIN_NONCE_COOKIE } from './wechat-account-service';
import { WECHAT_LIMITS } from './wechat-service';

let fake: FakeWechat;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({
    config: { WECHAT_APP_ID: fake.appId, WECHAT_APP_SECRET: fake.secret, WECHAT_API_BASE: fake.base, WECHAT_OPEN_BASE: fake.base },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.down = false;
});

const AUTH_PAGE = 'http://localhost/authorization';
let openids = 0;
/** A WeChat user nobody has bound yet, "using the phone" from now on. */
function newWechatUser(): string {
  openids += 1;
  fake.signedIn = `oWxUser${String(openids).padStart(8, '0')}`;
  return fake.signedIn;
}

/** The browser's cookie jar for one device: the nonce cookie the sign-in call sets. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toContain('HttpOnly');
  expect(header).toContain('SameSite=Lax');
  return header.split(';')[0]!;
}

/** wx-code → WeChat → back to /authorization: the code, the state and the browser's cookie. */
async function startLogin(url = `${AUTH_PAGE}?redirect=%2Fmy%2Ffavorite`, host: string = HOSTS.localhost) {
  const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url }, host });
  expect(res.statusCode, res.body).toBe(200);
  const back = await authorizeAt(res.json().data.url);
  return { ...back, cookie: cookieOf(res) };
}

let addresses = 0;
/** Each sign-in from an address of its own, unless a test names one: sign-ins are limited per address. */
const signByWx = (payload: object, cookie?: string, host: string = HOSTS.localhost, url = '/api/login/sign-by-wx', remoteAddress = `10.61.${(addresses += 1) >> 8}.${addresses & 255}`) =>
  t.call({ method: 'POST', url, payload, host, headers: cookie ? { cookie } : {}, remoteAddress });

async function startBind(token: string, url = `${AUTH_PAGE}?action=bind`) {
  const res = await t.call({ method: 'POST', url: '/api/user/bind-wx', payload: { url }, token });
  expect(res.statusCode, res.body).toBe(200);
  return authorizeAt(res.json().data.url);
}
const bindCode = (payload: object, token?: string) => t.call({ method: 'POST', url: '/api/user/bind-wx-code', payload, token });
const unbind = (token?: string) => t.call({ method: 'GET', url: '/api/user/wechat-out', token });
const bindWxOf = async (token: string) => (await t.call({ method: 'GET', url: '/api/index/get-init-config', token })).json().data.userInfo.bindWx;

describe('signing in with WeChat, end to end against the fake WeChat', () => {
  it('a WeChat nobody bound is told so; once bound, it signs that account in', async () => {
    const openid = newWechatUser();
    const first = await startLogin();
    // WeChat came back to our /authorization page, with the app's own query kept.
    expect(first.returnUrl.origin + first.returnUrl.pathname).toBe(AUTH_PAGE);
    expect(first.returnUrl.searchParams.get('redirect')).toBe('/my/favorite');
    const unbound = await signByWx({ wxCode: first.code, state: first.state }, first.cookie);
    expect(unbound.statusCode).toBe(404);
    expect(unbound.json().msg).toBe(messages.wechat.notBound);

    const token = await t.login(ROLES.YUEWUYUAN);
    expect(await bindWxOf(token)).toBe(0);
    const bind = await startBind(token);
    expect(bind.returnUrl.searchParams.get('action')).toBe('bind');
    const bound = await bindCode({ code: bind.code, state: bind.state }, token);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({ data: { bindWx: 1 }, msg: messages.wechat.bindSuccess });
    expect(await bindWxOf(token)).toBe(1);
    const [me] = await t.database.db.select().from(user).where(eq(user.phone, ROLES.YUEWUYUAN));
    const rows = await t.database.db.select().from(userIdentity).where(eq(userIdentity.userId, me!.id));
    expect(rows).toEqual([expect.objectContaining({ provider: 'wechat', subject: openid, companyId: me!.companyId })]);

    const again = await startLogin();
    const signed = await signByWx({ wxCode: again.code, state: again.state }, again.cookie);
    expect(signed.statusCode, signed.body).toBe(200);
    const init = signed.json().data;
    expect(init.userInfo).toMatchObject({ uid: me!.id, phone: ROLES.YUEWUYUAN, bindWx: 1 });
    expect(init.token).toEqual(expect.any(String));
    // The new token is a real session; the nonce cookie is cleared.
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token: init.token })).json().data.uid).toBe(me!.id);
    expect(String(signed.headers['set-cookie'])).toContain(`${LOGIN_NONCE_COOKIE}=;`);

    // Unbinding ends WeChat sign-in for that account.
    const out = await unbind(token);
    expect(out.json()).toMatchObject({ data: { bindWx: 0 }, msg: messages.wechat.unbindSuccess });
    expect(await bindWxOf(token)).toBe(0);
    const after = await startLogin();
    expect((await signByWx({ wxCode: after.code, state: after.state }, after.cookie)).statusCode).toBe(404);
  });

  it('answers on /api/wechat/wx-login as well', async () => {
    newWechatUser();
    const token = await t.login(ROLES.CHANNEL);
    const bind = await startBind(token);
    expect((await bindCode({ code: bind.code, state: bind.state }, token)).statusCode).toBe(200);
    const login = await startLogin();
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie, HOSTS.localhost, '/api/wechat/wx-login');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userInfo.phone).toBe(ROLES.CHANNEL);
    await unbind(token);
  });
});

describe('the OAuth state belongs to whoever asked for it', () => {
  it('is single use', async () => {
    const login = await startLogin();
    expect((await signByWx({ wxCode: login.code, state: login.state }, login.cookie)).statusCode).toBe(404);
    const replay = await signByWx({ wxCode: login.code, state: login.state }, login.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe(messages.wechat.stateInvalid);
  });

  it("cannot be finished in another browser (no cookie, or that browser's own)", async () => {
    const victim = await startLogin();
    const attacker = await startLogin();
    for (const cookie of [undefined, victim.cookie, `${LOGIN_NONCE_COOKIE}=forged`]) {
      const res = await signByWx({ wxCode: attacker.code, state: attacker.state }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.stateInvalid);
    }
    // It was never used, so its own browser still can.
    expect((await signByWx({ wxCode: attacker.code, state: attacker.state }, attacker.cookie)).statusCode).toBe(404);
  });

  it('expires after ten minutes', async () => {
    const login = await startLogin();
    await t.database.db.update(oauthState).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`used_at is null`);
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie);
    expect(res.json().msg).toBe(messages.wechat.stateInvalid);
  });

  it('of one company is nothing on the other host', async () => {
    const login = await startLogin(`${AUTH_PAGE}`);
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie, HOSTS.second);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.wechat.stateInvalid);
  });

  it('a sign-in state does not bind, and a binding state belongs to the session that asked', async () => {
    newWechatUser();
    const token = await t.login(ROLES.DIANZHANG);
    const login = await startLogin();
    expect((await bindCode({ code: login.code, state: login.state }, token)).json().msg).toBe(messages.wechat.stateInvalid);

    const otherDevice = await t.login(ROLES.DIANZHANG);
    const bind = await startBind(token);
    const stolen = await bindCode({ code: bind.code, state: bind.state }, otherDevice);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe(messages.wechat.stateInvalid);
    const someoneElse = await bindCode({ code: bind.code, state: bind.state }, await t.login(ROLES.AUDITOR));
    expect(someoneElse.json().msg).toBe(messages.wechat.stateInvalid);
    // And a binding state does not sign in.
    expect((await signByWx({ wxCode: bind.code, state: bind.state }, login.cookie)).json().msg).toBe(messages.wechat.stateInvalid);
    expect(await bindWxOf(token)).toBe(0);
  });

  it('stores only a hash of the state', async () => {
    const login = await startLogin();
    const rows = await t.database.db.select().from(oauthState);
    expect(rows.some((r) => r.stateHash === login.state)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.stateHash))).toBe(true);
  });
});

describe('binding rules', () => {
  it('one WeChat per account and one account per WeChat', async () => {
    const openid = newWechatUser();
    const owner = await t.login(ROLES.AUDITORADMIN);
    const first = await startBind(owner);
    expect((await bindCode({ code: first.code, state: first.state }, owner)).statusCode).toBe(200);

    // The same WeChat, another account of the company.
    const other = await t.login(ROLES.CHANNELJINGLI);
    const taken = await startBind(other);
    const res = await bindCode({ code: taken.code, state: taken.state }, other);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(messages.wechat.boundToOther);
    expect(await bindWxOf(other)).toBe(0);

    // A second WeChat for the bound account: asked to unbind first.
    newWechatUser();
    const second = await t.call({ method: 'POST', url: '/api/user/bind-wx', payload: { url: AUTH_PAGE }, token: owner });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(messages.wechat.alreadyBound);
    const [row] = await t.database.db.select().from(userIdentity).where(eq(userIdentity.subject, openid));
    expect(row).toBeTruthy();
    await unbind(owner);
  });

  it('a WeChat bound in one company signs nobody in on the other', async () => {
    newWechatUser();
    const token = await t.login(ROLES.general);
    const bind = await startBind(token);
    expect((await bindCode({ code: bind.code, state: bind.state }, token)).statusCode).toBe(200);
    const login = await startLogin('http://127.0.0.1/authorization', HOSTS.second);
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie, HOSTS.second);
    expect(res.statusCode).toBe(404);
    await unbind(token);
  });

  it('an openid that reads like a phone number is still only a WeChat identity', async () => {
    fake.signedIn = ROLES.YUEWUYUAN;
    const login = await startLogin();
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeNull();
  });

  it('a disabled account cannot sign in with its WeChat', async () => {
    newWechatUser();
    const token = await t.login(ROLES.otherBroker);
    const bind = await startBind(token);
    expect((await bindCode({ code: bind.code, state: bind.state }, token)).statusCode).toBe(200);
    await t.database.db.update(user).set({ active: false }).where(eq(user.phone, ROLES.otherBroker));
    const login = await startLogin();
    const res = await signByWx({ wxCode: login.code, state: login.state }, login.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.login.accountDisabled);
    await t.database.db.update(user).set({ active: true }).where(eq(user.phone, ROLES.otherBroker));
  });
});

describe('who may call what', () => {
  it.each(Object.entries(ROLES))('%s (%s) binds and unbinds', async (_, phone) => {
    newWechatUser();
    const token = await t.login(phone);
    await unbind(token);
    const bind = await startBind(token);
    expect((await bindCode({ code: bind.code, state: bind.state }, token)).statusCode).toBe(200);
    expect(await bindWxOf(token)).toBe(1);
    const out = await t.call({ method: 'POST', url: '/api/user/wechat-out', token });
    expect(out.statusCode).toBe(200);
    expect(await bindWxOf(token)).toBe(0);
    // Unbinding what is not bound is still unbound.
    expect((await unbind(token)).json().data).toEqual({ bindWx: 0 });
  });

  it('a visitor may start and finish a sign-in, but not bind or unbind', async () => {
    expect((await t.call({ method: 'POST', url: '/api/user/bind-wx', payload: { url: AUTH_PAGE } })).statusCode).toBe(401);
    expect((await bindCode({ code: 'x', state: 'y' })).statusCode).toBe(401);
    expect((await unbind()).statusCode).toBe(401);
  });
});

describe('failures', () => {
  it('only our own /authorization page may receive the code', async () => {
    for (const url of ['', 'not a url', '/authorization', 'http://localhost/home', 'https://localhost/authorization', 'http://x@localhost/authorization']) {
      const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.urlInvalid);
    }
    for (const url of ['https://evil.example/authorization', 'http://localhost.evil.example/authorization', 'http://evil.example@evil.example/authorization']) {
      const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.hostNotAllowed);
    }
    const token = await t.login(ROLES.YUEWUYUAN);
    const bind = await t.call({ method: 'POST', url: '/api/user/bind-wx', payload: { url: 'https://evil.example/authorization' }, token });
    expect(bind.json().msg).toBe(messages.wechat.hostNotAllowed);
  });

  it('drops an old code and state from the return address', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url: `${AUTH_PAGE}?code=OLD&state=OLD&redirect=%2Fhome` } });
    const redirect = new URL(new URL(res.json().data.url).searchParams.get('redirect_uri')!);
    expect([...redirect.searchParams.keys()]).toEqual(['redirect']);
  });

  it('a code WeChat refuses asks for a new authorization; a WeChat outage is a plain 500', async () => {
    const login = await startLogin();
    const bad = await signByWx({ wxCode: 'NOT_A_CODE', state: login.state }, login.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(messages.wechat.codeInvalid);

    fake.down = true;
    const later = await startLogin();
    const down = await signByWx({ wxCode: later.code, state: later.state }, later.cookie);
    expect(down.statusCode).toBe(500);
    expect(down.json().msg).toBe(messages.wechat.requestFailed);
    expect(down.body).not.toContain(fake.secret);
  });

  it('empty fields are refused before WeChat is asked', async () => {
    const before = fake.exchanges;
    const login = await startLogin();
    expect((await signByWx({ wxCode: login.code, state: '' }, login.cookie)).json().msg).toBe(messages.wechat.stateInvalid);
    expect((await signByWx({ wxCode: '', state: login.state }, login.cookie)).json().msg).toBe(messages.wechat.codeInvalid);
    expect(fake.exchanges).toBe(before);
  });
});

describe('where WeChat sends the user: only a configured host of the company (docs/decisions/059)', () => {
  const companyId = () => t.companyIdOf(HOSTS.localhost);
  const redirectOf = (res: { json(): { data: { url: string } } }) => new URL(res.json().data.url).searchParams.get('redirect_uri');
  const states = async () => (await t.database.db.select().from(oauthState)).length;

  it('a forged Host with a page on it is refused, and no state is stored', async () => {
    const before = await states();
    for (const host of ['evil.example', 'evil.example:3000']) {
      const res = await t.call({ method: 'POST', url: '/api/login/wx-code', host, companyId: await companyId(), payload: { url: `http://${host}/authorization` } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.hostNotAllowed);
      expect(res.json().data ?? null).toBeNull();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const token = await t.tokenOf(ROLES.YUEWUYUAN);
    const bind = await t.call({ method: 'POST', url: '/api/user/bind-wx', host: 'evil.example', companyId: await companyId(), token, payload: { url: 'http://evil.example/authorization?action=bind' } });
    expect(bind.statusCode).toBe(400);
    expect(bind.json().msg).toBe(messages.wechat.hostNotAllowed);
    expect(await states()).toBe(before);
  });

  it("another company's host is not this company's", async () => {
    const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url: 'http://127.0.0.1/authorization' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.wechat.hostNotAllowed);
  });

  it('the configured host works, with its port, whatever the Host header says', async () => {
    const withPort = await t.call({ method: 'POST', url: '/api/login/wx-code', host: 'localhost:3000', payload: { url: 'http://localhost:3000/authorization?redirect=%2Fhome' } });
    expect(withPort.statusCode, withPort.body).toBe(200);
    expect(redirectOf(withPort)).toBe('http://localhost:3000/authorization?redirect=%2Fhome');
    const forgedHost = await t.call({ method: 'POST', url: '/api/login/wx-code', host: 'evil.example', companyId: await companyId(), payload: { url: AUTH_PAGE } });
    expect(forgedHost.statusCode).toBe(200);
    expect(redirectOf(forgedHost)).toBe(AUTH_PAGE);
  });

  it('a host the console adds is used at once, and one it removes is refused', async () => {
    const id = await companyId();
    await t.database.db.insert(companyHost).values({ host: 'wx.baobei.example', companyId: id });
    try {
      const res = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url: 'http://wx.baobei.example/authorization' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(redirectOf(res)).toBe('http://wx.baobei.example/authorization');
    } finally {
      await t.database.db.delete(companyHost).where(eq(companyHost.host, 'wx.baobei.example'));
    }
    const gone = await t.call({ method: 'POST', url: '/api/login/wx-code', payload: { url: 'http://wx.baobei.example/authorization' } });
    expect(gone.json().msg).toBe(messages.wechat.hostNotAllowed);
  });
});

describe('signing in with WeChat is limited per address (docs/decisions/059)', () => {
  it('past the limit: 429 before WeChat is asked; another /64 is counted apart', async () => {
    const from = '2001:db8:61:1::1';
    for (let i = 0; i < WECHAT_LIMITS.signInPerIpPerHour; i += 1) {
      const res = await signByWx({ wxCode: 'ANY', state: `made-up-${i}` }, undefined, HOSTS.localhost, '/api/login/sign-by-wx', `2001:db8:61:1::${(i + 1).toString(16)}`);
      expect(res.json().msg).toBe(messages.wechat.stateInvalid);
    }
    newWechatUser();
    const login = await startLogin();
    const exchanges = fake.exchanges;
    for (const url of ['/api/login/sign-by-wx', '/api/wechat/wx-login']) {
      const over = await signByWx({ wxCode: login.code, state: login.state }, login.cookie, HOSTS.localhost, url, from);
      expect(over.statusCode).toBe(429);
      expect(over.json().msg).toBe(messages.common.tooManyRequests);
    }
    expect(fake.exchanges).toBe(exchanges);

    const elsewhere = await signByWx({ wxCode: login.code, state: login.state }, login.cookie, HOSTS.localhost, '/api/login/sign-by-wx', '2001:db8:61:2::1');
    expect(elsewhere.json().msg).toBe(messages.wechat.notBound);
    expect(fake.exchanges).toBe(exchanges + 1);
  });
});

describe('without WeChat credentials', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('the WeChat calls say it is not configured; unbinding still works', async () => {
    const token = await plain.login(ROLES.YUEWUYUAN);
    const calls = [
      plain.call({ method: 'POST', url: '/api/login/wx-code', payload: { url: AUTH_PAGE } }),
      plain.call({ method: 'POST', url: '/api/login/sign-by-wx', payload: { wxCode: 'a', state: 'b' } }),
      plain.call({ method: 'POST', url: '/api/user/bind-wx', payload: { url: AUTH_PAGE }, token }),
      plain.call({ method: 'POST', url: '/api/user/bind-wx-code', payload: { code: 'a', state: 'b' }, token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.notConfigured);
    }
    expect((await plain.call({ method: 'GET', url: '/api/user/wechat-out', token })).statusCode).toBe(200);
    const init = (await plain.call({ method: 'GET', url: '/api/index/get-init-config', token })).json().data;
    expect(init.wechatEnabled).toBe(false);
    // Identities are per company: nothing here came from the other app.
    expect(await plain.database.db.select().from(userIdentity).where(and(eq(userIdentity.provider, 'wechat')))).toEqual([]);
  });
});
