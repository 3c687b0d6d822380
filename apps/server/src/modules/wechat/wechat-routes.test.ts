import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { wechatCredentialCache } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { safeReturnPath, WECHAT_LIMITS } from './wechat-service';

const APP_ID = 'wx-test-app';
const SECRET = 'test-secret';
const TICKET = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';

/** A fake of the WeChat API on 127.0.0.1: counts calls and checks what it is sent. */
const fake = {
  server: null as Server | null,
  calls: { token: 0, ticket: 0, oauth: 0 },
  tokens: 0,
  failToken: false,
  /** Tokens the fake has issued; any other is "invalid credential" (40001). */
  issued: new Set<string>(),
};

function answer(url: URL): Record<string, unknown> {
  const q = url.searchParams;
  if (url.pathname === '/cgi-bin/token') {
    fake.calls.token += 1;
    if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== APP_ID || q.get('secret') !== SECRET) {
      return { errcode: 40013, errmsg: 'invalid appid' };
    }
    if (fake.failToken) return { errcode: -1, errmsg: 'system error' };
    fake.tokens += 1;
    const token = `ACCESS_TOKEN_${fake.tokens}`;
    fake.issued.add(token);
    return { access_token: token, expires_in: 7200 };
  }
  if (url.pathname === '/cgi-bin/ticket/getticket') {
    fake.calls.ticket += 1;
    if (!fake.issued.has(q.get('access_token') ?? '') || q.get('type') !== 'jsapi') return { errcode: 40001, errmsg: 'invalid credential' };
    return { errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 };
  }
  if (url.pathname === '/sns/oauth2/access_token') {
    fake.calls.oauth += 1;
    if (q.get('appid') !== APP_ID || q.get('secret') !== SECRET || q.get('grant_type') !== 'authorization_code') {
      return { errcode: 40013, errmsg: 'invalid appid' };
    }
    if (q.get('code') !== 'GOOD_CODE') return { errcode: 40029, errmsg: 'invalid code' };
    return { access_token: 'user-token', expires_in: 7200, refresh_token: 'r', openid: 'oShareVisitor123456', scope: 'snsapi_base' };
  }
  return { errcode: 404, errmsg: 'not found' };
}

let t: TestApp;
beforeAll(async () => {
  fake.server = createServer((req, res) => {
    const body = JSON.stringify(answer(new URL(req.url ?? '/', 'http://127.0.0.1')));
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  t = await createTestApp({
    config: {
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: SECRET,
      WECHAT_API_BASE: `http://127.0.0.1:${port}`,
      WECHAT_OPEN_BASE: 'https://open.weixin.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.server?.close(resolve));
});
beforeEach(async () => {
  fake.calls = { token: 0, ticket: 0, oauth: 0 };
  fake.failToken = false;
  await t.database.db.delete(wechatCredentialCache);
});

const jsSdk = (url: string) => t.call({ method: 'POST', url: '/api/wechat/get-js-sdk', payload: { url } });
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('JS-SDK configuration', () => {
  it('signs the page URL (without its fragment) with the ticket, as WeChat documents', async () => {
    const res = await jsSdk('http://localhost/house/detail/3/7?from=timeline#top');
    expect(res.statusCode).toBe(200);
    const config = res.json().data;
    expect(config.appId).toBe(APP_ID);
    expect(config.jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']));
    expect(Math.abs(config.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(config.nonceStr).toMatch(/^[\w-]{16}$/);
    const text = `jsapi_ticket=${TICKET}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=http://localhost/house/detail/3/7?from=timeline`;
    expect(config.signature).toBe(sha1(text));
  });

  it('caches the token and the ticket in the database until shortly before they expire', async () => {
    expect((await jsSdk('http://localhost/house/detail/1')).statusCode).toBe(200);
    expect(fake.calls).toMatchObject({ token: 1, ticket: 1 });
    const second = await jsSdk('http://localhost/house/detail/2');
    expect(second.statusCode).toBe(200);
    expect(fake.calls).toMatchObject({ token: 1, ticket: 1 });
    const rows = await t.database.db.select().from(wechatCredentialCache);
    expect(rows.map((r) => r.key).sort()).toEqual([`wechat:${APP_ID}:access_token`, `wechat:${APP_ID}:jsapi_ticket`]);
    for (const row of rows) {
      const seconds = (row.expiresAt.getTime() - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(7200 - 300 - 60);
      expect(seconds).toBeLessThanOrEqual(7200 - 300);
    }

    // Expired entries are fetched again.
    await t.database.db.update(wechatCredentialCache).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await jsSdk('http://localhost/house/detail/3')).statusCode).toBe(200);
    expect(fake.calls).toMatchObject({ token: 2, ticket: 2 });
  });

  it('shares one fetch between concurrent requests of an instance', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((i) => jsSdk(`http://localhost/house/detail/${i}`)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(fake.calls).toMatchObject({ token: 1, ticket: 1 });
  });

  it('fetches a new token when WeChat says the cached one is no longer valid', async () => {
    await t.database.db
      .insert(wechatCredentialCache)
      .values({ key: `wechat:${APP_ID}:access_token`, value: 'REVOKED_TOKEN', expiresAt: new Date(Date.now() + 3_600_000) });
    const res = await jsSdk('http://localhost/house/detail/1');
    expect(res.statusCode).toBe(200);
    expect(fake.calls).toMatchObject({ token: 1, ticket: 2 });
    const [token] = await t.database.db
      .select()
      .from(wechatCredentialCache)
      .where(eq(wechatCredentialCache.key, `wechat:${APP_ID}:access_token`));
    expect(token!.value).not.toBe('REVOKED_TOKEN');
  });

  it('answers a WeChat failure with a plain message and caches nothing', async () => {
    fake.failToken = true;
    const res = await jsSdk('http://localhost/house/detail/1');
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toBe(messages.wechat.requestFailed);
    expect(res.body).not.toContain(SECRET);
    expect(await t.database.db.select().from(wechatCredentialCache)).toEqual([]);
  });

  it('refuses a URL that is not a web page', async () => {
    for (const url of ['', 'not a url', 'javascript:alert(1)', 'ftp://localhost/a']) {
      const res = await jsSdk(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.urlInvalid);
    }
    expect(fake.calls.token).toBe(0);
  });
});

describe('share OAuth', () => {
  const wxCode = (url: string) => t.call({ method: 'POST', url: '/api/login/get-wx-code', payload: { url } });

  it('gives the authorization address that returns to the shared page through our callback', async () => {
    const res = await wxCode('http://localhost/house/detail/12/7?from=singlemessage');
    expect(res.statusCode).toBe(200);
    const callback = encodeURIComponent('http://localhost/api/wechat/oauth-callback-share');
    const state = encodeURIComponent('/house/detail/12/7?from=singlemessage');
    expect(res.json().data.url).toBe(
      `https://open.weixin.example/connect/oauth2/authorize?appid=${APP_ID}&redirect_uri=${callback}` +
        `&response_type=code&scope=snsapi_base&state=${state}#wechat_redirect`,
    );
    expect((await wxCode('/house/detail/12')).json().data.url).toContain(`state=${encodeURIComponent('/house/detail/12')}#`);
    expect((await wxCode('http://localhost/login')).json().data.url).toContain('state=%2Fhome#');
  });

  const redirectOf = (res: { json(): { data: { url: string } } }) => new URL(res.json().data.url).searchParams.get('redirect_uri');

  it('sends WeChat back only to a configured host of the company: a forged Host or a page elsewhere is refused', async () => {
    const companyId = await t.companyIdOf('localhost');
    for (const [url, host] of [
      ['https://evil.example/house/detail/12', 'localhost'],
      ['//evil.example/house/detail/12', 'localhost'],
      ['http://127.0.0.1/house/detail/12', 'localhost'],
      ['/house/detail/12', 'evil.example'],
      ['/house/detail/12', 'evil.example:3000'],
      ['http://evil.example/house/detail/12', 'evil.example'],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/api/login/get-wx-code', host, companyId, payload: { url } });
      expect(res.statusCode, `${host} ${url}`).toBe(400);
      expect(res.json().msg).toBe(messages.wechat.hostNotAllowed);
      expect(res.json().data ?? null).toBeNull();
    }
    // The configured host: its own port kept; a page of it named in full, even under a forged Host.
    const withPort = await t.call({ method: 'POST', url: '/api/login/get-wx-code', host: 'localhost:3000', payload: { url: '/house/detail/12' } });
    expect(redirectOf(withPort)).toBe('http://localhost:3000/api/wechat/oauth-callback-share');
    const forged = await t.call({ method: 'POST', url: '/api/login/get-wx-code', host: 'evil.example', companyId, payload: { url: 'http://localhost/house/detail/12' } });
    expect(forged.statusCode).toBe(200);
    expect(redirectOf(forged)).toBe('http://localhost/api/wechat/oauth-callback-share');
  });

  it('limits the code exchanges of one address: past the limit the page opens without openid and WeChat is not asked', async () => {
    const callback = (remoteAddress: string) =>
      t.call({ method: 'GET', url: `/api/wechat/oauth-callback-share?code=GOOD_CODE&state=${encodeURIComponent('/house/detail/3')}`, remoteAddress });
    for (let i = 0; i < WECHAT_LIMITS.shareOauthPerIpPerHour; i += 1) {
      expect((await callback(`2001:db8:60:1::${(i + 1).toString(16)}`)).headers.location).toBe('/house/detail/3?openid=oShareVisitor123456');
    }
    expect(fake.calls.oauth).toBe(WECHAT_LIMITS.shareOauthPerIpPerHour);
    for (const address of ['2001:db8:60:1::1', '2001:db8:60:1:ffff::9']) {
      const over = await callback(address);
      expect(over.statusCode).toBe(302);
      expect(over.headers.location).toBe('/house/detail/3');
    }
    expect(fake.calls.oauth).toBe(WECHAT_LIMITS.shareOauthPerIpPerHour);
    expect((await callback('2001:db8:60:2::1')).headers.location).toBe('/house/detail/3?openid=oShareVisitor123456');
    expect(fake.calls.oauth).toBe(WECHAT_LIMITS.shareOauthPerIpPerHour + 1);
  });

  it('exchanges the code for the openid and returns to the page with it', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/wechat/oauth-callback-share?code=GOOD_CODE&state=${encodeURIComponent('/house/detail/12/7?from=singlemessage')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/house/detail/12/7?from=singlemessage&openid=oShareVisitor123456');
    expect(fake.calls.oauth).toBe(1);
  });

  it('returns to the page without openid when WeChat refuses the code', async () => {
    const res = await t.call({ method: 'GET', url: `/api/wechat/oauth-callback-share?code=USED_CODE&state=${encodeURIComponent('/house/detail/5')}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/house/detail/5');
  });

  it('never redirects off the site or outside the listing pages', async () => {
    for (const state of ['https://evil.example/house/detail/1', '//evil.example/house/detail/1', '/login', '/house/detail/1/../../../admin', 'javascript:alert(1)']) {
      const res = await t.call({ method: 'GET', url: `/api/wechat/oauth-callback-share?code=GOOD_CODE&state=${encodeURIComponent(state)}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/home?openid=oShareVisitor123456');
    }
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/house/detail/1', '/house/detail/1'],
    ['/house/detail/1/2', '/house/detail/1/2'],
    ['http://localhost:3000/house/detail/1/2?a=1&openid=old&code=x#frag', '/house/detail/1/2?a=1'],
    ['http://localhost/house/detail/1', '/home'],
    ['/house/detail/abc', '/home'],
    ['/house/list', '/home'],
    ['', '/home'],
    [`/house/detail/1?x=${'a'.repeat(200)}`, '/house/detail/1'],
  ])('%s → %s', (value, expected) => {
    expect(safeReturnPath(value, 'localhost:3000')).toBe(expected);
  });
});
