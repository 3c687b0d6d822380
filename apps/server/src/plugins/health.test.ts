import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

/** Liveness, readiness and the request id (issue 14, operations). */
describe('GET /api/health and /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers liveness without a tenant or a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'up', database: t.database.kind } });
  });

  it('answers ready when the database answers, naming each check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ready', shuttingDown: false, checks: { database: 'up' } } });
  });

  it('answers 503 once shutting down, while liveness stays up', async () => {
    const other = await createTestApp();
    try {
      other.app.readiness.markShuttingDown();
      const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, data: { status: 'not ready', shuttingDown: true, checks: { database: 'up' } } });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming the database when it does not answer, and nothing of why', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), database);
    await app.ready();
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ status: 'not ready', shuttingDown: false, checks: { database: 'down' } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming Redis when REDIS_URL is configured and Redis does not answer', async () => {
    const database = await openTestDatabase();
    // A closed port: every PING fails or hangs.
    const app = await buildApp(testConfig({ REDIS_URL: 'redis://:a-password@127.0.0.1:9', READINESS_TIMEOUT_MS: '300' }), database);
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      const { data } = res.json();
      expect(data.checks.database).toBe('up');
      expect(['down', 'timeout']).toContain(data.checks.redis);
      expect(res.body).not.toMatch(/a-password|127\.0\.0\.1|:9\b/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_REDIS_URL))('answers ready with Redis up', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig({ REDIS_URL: process.env.TEST_REDIS_URL }), database);
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.checks).toEqual({ database: 'up', redis: 'up' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('request id', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    t = await createTestApp({
      logStream,
      config: { LOG_LEVEL: 'info', LOG_REQUESTS: 'info' },
      extraRoutes: async (app) => {
        app.get('/api/probe/broken', { config: { access: { auth: 'none' } } }, async () => {
          throw new Error('broken');
        });
      },
    });
  });
  afterAll(async () => t?.close());

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('makes a new id per request, sends it back and writes it on the request line', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = String(first.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(id);
    expect(linesOf(id)).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } })]);
  });

  it('keeps a safe X-Request-Id of the caller, on the answer and on every line, the error line too', async () => {
    const given = 'lb-7f3a9c2e.0001';
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/broken', headers: { 'x-request-id': given } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe(given);
    const messages = linesOf(given).map((l) => l.msg);
    expect(messages).toContain('unhandled error');
    expect(messages.length).toBeGreaterThanOrEqual(2);
  });

  it('replaces an unsafe or oversized X-Request-Id with its own', async () => {
    for (const unsafe of ['a b c d e f g h', 'x'.repeat(65), 'short', 'id\u202e-reversed-text', '../../etc/passwd', 'abc"}{"admin":true']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((l) => l.reqId === unsafe), unsafe).toBe(false);
    }
  });
});
