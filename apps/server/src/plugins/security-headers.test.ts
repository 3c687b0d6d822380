import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { HSTS, SECURITY_HEADER_OPTIONS, securityHeaderOptions, securityHeadersOf } from './security-headers';

/** What helmet's own middleware sets on a real Node response, by lower-case name. */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('securityHeadersOf', () => {
  it.each([
    ['the app', SECURITY_HEADER_OPTIONS],
    ["helmet's defaults", {}],
    ['everything off but the CSP, report-only', { contentSecurityPolicy: { reportOnly: true, directives: { defaultSrc: ["'none'"] } }, xFrameOptions: false }],
  ] as [string, HelmetOptions][])('is what helmet sets, with %s', (_what, options) => {
    const expected = helmetHeaders(options);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(securityHeadersOf(options)).toEqual(expected);
  });

  it('lets AMap load only where a maps key is configured', () => {
    const cspOf = (maps: boolean) => securityHeadersOf(securityHeaderOptions({ maps }))['content-security-policy']!;
    const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    expect(cspOf(false)).toBe(securityHeadersOf(SECURITY_HEADER_OPTIONS)['content-security-policy']);
    expect(directive(cspOf(false), 'script-src')).toBe("script-src 'self'");
    expect(cspOf(false)).not.toContain('amap');
    const withMaps = cspOf(true);
    expect(directive(withMaps, 'script-src')).toBe("script-src 'self' https://*.amap.com");
    expect(directive(withMaps, 'connect-src')).toBe("connect-src 'self' https://*.amap.com https://*.autonavi.com");
    expect(directive(withMaps, 'img-src')).toBe("img-src 'self' data: blob: https://*.amap.com https://*.autonavi.com");
    expect(directive(withMaps, 'worker-src')).toBe("worker-src 'self' blob:");
    // Everything else is the app's policy as it is.
    expect(directive(withMaps, 'object-src')).toBe("object-src 'none'");
    expect(directive(withMaps, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('refuses a CSP that depends on the request', () => {
    const perRequest: HelmetOptions = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-abc'"] } } };
    expect(() => securityHeadersOf(perRequest)).toThrow(/depend on the request/);
  });
});

describe('every kind of answer', () => {
  const expected = helmetHeaders(SECURITY_HEADER_OPTIONS);
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'baobei-security-headers-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>报备</title>');
    writeFileSync(path.join(dist, 'app.js'), 'export const w = 1;');
    t = await createTestApp({
      config: { WEB_DIST: dist },
      extraRoutes: async (app) => {
        app.get('/api/probe/throws', { config: { auth: 'none', access: { auth: 'none' } } }, async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("carries helmet's headers, exactly, on API answers, errors, files, the index page and 404s", async () => {
    const token = await t.tokenOf('13800000001');
    const answers = {
      'API JSON': await t.call({ method: 'POST', url: '/api/login/check-token', token }),
      'compressed API JSON': await t.call({
        method: 'POST',
        url: '/api/index/get-house-list?page=1&pageSize=20',
        payload: {},
        headers: { 'accept-encoding': 'br' },
      }),
      'OpenAPI document': await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
      '401': await t.call({ method: 'POST', url: '/api/login/check-token', token: 'not-a-token' }),
      '400': await t.call({ method: 'GET', url: '/api/login/get-code?username=1380000&sn=x&code=abcd' }),
      '500': await t.call({ method: 'GET', url: '/api/probe/throws' }),
      'API 404': await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      'web file': await t.app.inject({ method: 'GET', url: '/app.js' }),
      'index page': await t.app.inject({ method: 'GET', url: '/index.html' }),
      'history route': await t.app.inject({ method: 'GET', url: '/house/list' }),
      'demo asset': await t.app.inject({ method: 'GET', url: '/assets/demo/avatar-default.svg' }),
      'unknown upload': await t.app.inject({ method: 'GET', url: '/uploads/none.png' }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([what, res]) => [what, res.statusCode]));
    expect(statuses).toEqual({
      'API JSON': 200,
      'compressed API JSON': 200,
      'OpenAPI document': 200,
      '401': 401,
      '400': 400,
      '500': 500,
      'API 404': 404,
      'web file': 200,
      'index page': 200,
      'history route': 200,
      'demo asset': 200,
      'unknown upload': 404,
    });
    expect(answers['compressed API JSON'].headers['content-encoding']).toBe('br');
    for (const [what, res] of Object.entries(answers)) {
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect(sent, what).toEqual(expected);
      expect(res.headers['x-powered-by'], what).toBeUndefined();
      // Plain http: no HSTS.
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('sends no HSTS without TRUST_PROXY, whatever X-Forwarded-Proto says', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.0.0.5', '203.0.113.9']) {
      const res = await t.app.inject({ method: 'GET', url: '/index.html', remoteAddress, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security'], remoteAddress).toBeUndefined();
    }
  });
});

/**
 * Decision 061: HSTS on an answer that came over https, which for this app (it listens on plain
 * http) is a trusted proxy's `X-Forwarded-Proto: https`; never on http, never on a header an
 * untrusted peer wrote.
 */
describe('Strict-Transport-Security behind a TLS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY: '10.0.0.5' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const hsts = async (remoteAddress: string, headers: Record<string, string>, url = '/api/index/get-common-init-config') => {
    const res = await t.call({ method: 'GET', url, remoteAddress, headers });
    return res.headers['strict-transport-security'];
  };

  it('is sent when the trusted proxy says https, on API answers, errors and 404s', async () => {
    expect(await hsts('10.0.0.5', { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hsts('10.0.0.5', { 'x-forwarded-proto': 'https' }, '/api/no-such-thing')).toBe(HSTS);
    expect(await hsts('10.0.0.5', { 'x-forwarded-proto': 'https' }, '/api/login/get-code?username=1&sn=x&code=y')).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000');
  });

  it('is not sent over http, nor when an untrusted peer forges the header', async () => {
    expect(await hsts('10.0.0.5', { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts('10.0.0.5', {})).toBeUndefined();
    expect(await hsts('203.0.113.9', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hsts('203.0.113.9', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.5' })).toBeUndefined();
  });
});

describe('a deployment with a maps key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { AMAP_KEY: 'test-amap-key' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the policy that lets AMap load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/index/get-common-init-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(securityHeadersOf(securityHeaderOptions({ maps: true }))['content-security-policy']);
  });
});
