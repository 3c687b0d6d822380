import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { AUTH_LIMITS } from '../modules/auth/auth-service';
import { createTestApp, type TestApp, type TestAppOptions } from '../test/test-app';

/** A client cannot choose its own IP with X-Forwarded-For. */
const probe: TestAppOptions['extraRoutes'] = async (app) => {
  app.get('/probe/ip', { config: { auth: 'none', tenant: 'none' } }, async (request) => ({ ip: request.ip }));
};

async function ipSeen(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/probe/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.json().ip as string;
}

describe('client IP without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraRoutes: probe });
  });
  afterAll(async () => t?.close());

  it('is the socket peer, whatever X-Forwarded-For says', async () => {
    expect(await ipSeen(t, '203.0.113.7', '1.2.3.4')).toBe('203.0.113.7');
    expect(await ipSeen(t, '203.0.113.7', '1.2.3.4, 5.6.7.8')).toBe('203.0.113.7');
  });

  it('keeps the per-IP SMS limit when every request makes up a new X-Forwarded-For', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.smsPerIpPerHour; i++) {
      const res = await t.call({
        method: 'GET',
        url: `/api/login/get-code?username=1380000${String(1000 + i)}&sn=none&code=none&purpose=login`,
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` },
      });
      answers.push(res.statusCode);
    }
    // Every request before the limit fails on its (made-up) picture code; the next is refused.
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    const last = await t.call({
      method: 'GET',
      url: '/api/login/get-code?username=13800009999&sn=none&code=none&purpose=login',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': '10.99.0.1' },
    });
    expect(last.statusCode).toBe(429);
    expect(last.json().msg).toBe(messages.login.smsTooFrequentIp);
  });
});

describe('client IP behind a trusted proxy', () => {
  it('TRUST_PROXY=loopback believes a proxy on the same machine, and only it', async () => {
    const t = await createTestApp({ extraRoutes: probe, config: { TRUST_PROXY: 'loopback' } });
    try {
      expect(await ipSeen(t, '127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
      // A client's own header is kept by the proxy in front of it: only the last untrusted hop counts.
      expect(await ipSeen(t, '127.0.0.1', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
      expect(await ipSeen(t, '203.0.113.7', '1.2.3.4')).toBe('203.0.113.7');
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY=<hops> counts that many proxies back from the app', async () => {
    const t = await createTestApp({ extraRoutes: probe, config: { TRUST_PROXY: '1' } });
    try {
      expect(await ipSeen(t, '10.0.0.2', '1.2.3.4')).toBe('1.2.3.4');
      // A client's own header is kept by the proxy in front of it: only the hop the proxy added counts.
      expect(await ipSeen(t, '10.0.0.2', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    } finally {
      await t.close();
    }
    const two = await createTestApp({ extraRoutes: probe, config: { TRUST_PROXY: '2' } });
    try {
      expect(await ipSeen(two, '10.0.0.2', '6.6.6.6, 1.2.3.4, 10.0.0.9')).toBe('1.2.3.4');
    } finally {
      await two.close();
    }
  });

  it('TRUST_PROXY=<addresses> believes only those proxies', async () => {
    const t = await createTestApp({ extraRoutes: probe, config: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });
    try {
      expect(await ipSeen(t, '10.1.2.3', '1.2.3.4')).toBe('1.2.3.4');
      expect(await ipSeen(t, '192.0.2.1', '1.2.3.4')).toBe('1.2.3.4');
      expect(await ipSeen(t, '203.0.113.7', '1.2.3.4')).toBe('203.0.113.7');
    } finally {
      await t.close();
    }
  });
});

/**
 * Issue 26, item 1: behind a trusted proxy, a client that picks a new IPv6 address of its /64
 * for every request meets every per-address limit as one client; an IPv4-mapped address is
 * the IPv4 client it maps.
 */
describe('per-address limits for IPv6 clients (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => t?.close());

  let seq = 0;
  /** A new address of the /64 `prefix` for every call, as a privacy-address client picks them. */
  const fresh = (prefix: string) => `${prefix}:${(++seq).toString(16)}:${(seq * 7).toString(16)}:1:${(seq % 97).toString(16)}`;
  const via = (forwardedFor: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });

  it('asks for the picture code after 5 failed password sign-ins from one /64, whatever address of it each used', async () => {
    const answers: boolean[] = [];
    for (let i = 0; i < AUTH_LIMITS.loginIpFailuresBeforeCaptcha + 1; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/api/login/sign',
        ...via(fresh('2001:db8:9:9')),
        payload: { username: `1370009${String(1000 + i)}`, password: 'wrong-password' },
      });
      answers.push(res.json().data.needVerifyCode as boolean);
    }
    // The 5th failure asks for it; the 6th is refused without one.
    expect(answers.slice(0, AUTH_LIMITS.loginIpFailuresBeforeCaptcha - 1).every((n) => !n)).toBe(true);
    expect(answers.slice(AUTH_LIMITS.loginIpFailuresBeforeCaptcha - 1).every(Boolean)).toBe(true);
    // Another /64 is another client.
    const other = await t.call({ method: 'POST', url: '/api/login/sign', ...via('2001:db8:9:a::1'), payload: { username: '13800000003', password: '123456' } });
    expect(other.statusCode).toBe(200);
  });

  it('issues at most 200 picture codes in 10 minutes to one /64', async () => {
    for (let i = 0; i < AUTH_LIMITS.captchasPerIpPer10Min; i += 1) {
      const res = await t.call({ method: 'GET', url: '/api/login/verify-code', ...via(fresh('2001:db8:77:1')) });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.call({ method: 'GET', url: '/api/login/verify-code', ...via(fresh('2001:db8:77:1')) });
    expect(refused.statusCode).toBe(429);
    expect((await t.call({ method: 'GET', url: '/api/login/verify-code', ...via('2001:db8:77:2::1') })).statusCode).toBe(200);
  }, 120_000);

  it('counts SMS requests and wrong SMS codes per /64', async () => {
    for (let i = 0; i < AUTH_LIMITS.smsPerIpPerHour; i += 1) {
      const res = await t.call({ method: 'GET', url: `/api/login/get-code?username=13800000003&sn=none&code=none&purpose=login`, ...via(fresh('2001:db8:88:1')) });
      expect(res.statusCode).toBe(400);
    }
    const sms = await t.call({ method: 'GET', url: `/api/login/get-code?username=13800000003&sn=none&code=none&purpose=login`, ...via(fresh('2001:db8:88:1')) });
    expect(sms.statusCode).toBe(429);
    expect(sms.json().msg).toBe(messages.login.smsTooFrequentIp);

    for (let i = 0; i < AUTH_LIMITS.smsCodeFailuresPerIpPerHour; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/login/sign-by-code', ...via(fresh('2001:db8:88:2')), payload: { username: '13800000003', code: '123456' } });
      expect(res.statusCode).toBe(400);
    }
    const code = await t.call({ method: 'POST', url: '/api/login/sign-by-code', ...via(fresh('2001:db8:88:2')), payload: { username: '13800000003', code: '123456' } });
    expect(code.statusCode).toBe(429);
    expect(code.json().msg).toBe(messages.login.smsCodeTooManyWrong);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 client', async () => {
    for (let i = 0; i < AUTH_LIMITS.smsPerIpPerHour; i += 1) {
      const forwarded = i % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77';
      await t.call({ method: 'GET', url: `/api/login/get-code?username=13800000003&sn=none&code=none&purpose=login`, ...via(forwarded) });
    }
    const refused = await t.call({ method: 'GET', url: `/api/login/get-code?username=13800000003&sn=none&code=none&purpose=login`, ...via('::ffff:198.51.100.77') });
    expect(refused.statusCode).toBe(429);
  });
});
