import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { aliyunSmsEnv } from './test/fake-sms-providers';
import type { Database } from './db/client';
import { openTestDatabase } from './test/test-database';

/** Request logging never carries phones, passwords or tokens. */
describe('request log', () => {
  let database: Database;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('logs requests without the phone, the password or the token', async () => {
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), database, { logStream: stream });
    const headers = { host: 'localhost' };
    const signed = await app.inject({
      method: 'POST',
      url: '/api/login/sign',
      headers,
      payload: { username: '13800000003', password: '123456' },
    });
    const token = signed.json().data.token as string;
    await app.inject({ method: 'POST', url: '/api/login/check-token', headers: { ...headers, authorization: token } });
    const picture = (await app.inject({ method: 'GET', url: '/api/login/verify-code', headers })).json().data;
    await app.inject({ method: 'GET', url: `/api/login/get-code?username=13800000003&sn=${picture.sn}&code=abcd`, headers });
    await app.close();

    const log = lines.join('');
    expect(log).toContain('/api/login/check-token');
    expect(log).toContain('/api/login/get-code');
    expect(log).not.toContain('13800000003');
    expect(log).not.toMatch(/password/i);
    expect(log).not.toContain(token);
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('with REDIS_URL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps the sign-in failure count in Redis', async () => {
    const app = await buildApp(testConfig({ REDIS_URL: process.env.TEST_REDIS_URL }), database);
    // A phone of its own per run: Redis outlives the test database.
    const phone = '13800000005';
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    const companyId = (await app.inject({ method: 'GET', url: '/api/index/get-company?host=localhost' })).json().data.companyId;
    await redis.del(`baobei:rate:login-fail:${companyId}:${phone}`);
    // The per-address counts (decision 017) outlive the test database too: an address of this
    // run's own, removed at the end, so no other run or app on this Redis (127.0.0.1) inherits them.
    const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
    const addressKeys = [`baobei:rate:login-fail-ip:${address}`, `baobei:rate:login-fail-ip-hour:${address}`];
    let needVerifyCode = false;
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/sign',
        headers: { host: 'localhost' },
        remoteAddress: address,
        payload: { username: phone, password: 'wrong' },
      });
      needVerifyCode = res.json().data.needVerifyCode;
    }
    expect(needVerifyCode).toBe(true);
    expect(Number(await redis.get(`baobei:rate:login-fail:${companyId}:${phone}`))).toBe(5);
    expect(Number(await redis.get(addressKeys[0]!))).toBe(5);
    await redis.del(`baobei:rate:login-fail:${companyId}:${phone}`, ...addressKeys);
    await redis.quit();
    await app.close();
  });
});

/** Decision 061: the OpenAPI pages list every route; production serves them only when API_DOCS says. */
describe('/api/docs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const production = (extra: Record<string, string> = {}) =>
    testConfig({
      NODE_ENV: 'production',
      EXPOSE_DEV_SMS: '0',
      EXTERNAL_LINK_SECRET: 'a-production-secret-of-enough-length',
      ...aliyunSmsEnv('http://127.0.0.1:9'),
      ...extra,
    });
  const docs = async (config: ReturnType<typeof testConfig>) => {
    const app = await buildApp(config, database);
    try {
      const page = await app.inject({ method: 'GET', url: '/api/docs', headers: { host: 'localhost' } });
      const json = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: 'localhost' } });
      return { page: page.statusCode, json: json.statusCode, openapi: json.statusCode === 200 ? (json.json() as { openapi?: string }).openapi : undefined };
    } finally {
      await app.close();
    }
  };

  it('is not found in production by default', async () => {
    expect(await docs(production())).toEqual({ page: 404, json: 404, openapi: undefined });
  });

  it('is served in production with API_DOCS=on, and outside production by default', async () => {
    const on = await docs(production({ API_DOCS: 'on' }));
    expect(on.json).toBe(200);
    expect(on.openapi).toMatch(/^3\./);
    expect([200, 302]).toContain(on.page);
    expect((await docs(testConfig())).json).toBe(200);
  });
});
