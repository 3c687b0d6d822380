import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { house } from '../db/schema';
import { RequestLogController } from './request-log';
import { aliyunSmsEnv } from '../test/fake-sms-providers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Decision 032: one line per request, at debug in production (not written at the default
 * LOG_LEVEL info); failures and slow requests at warn whatever the level; secrets redacted.
 */
const PHONE = '13912345678';
/** Answers the request `/api/probe/held` is holding. */
let releaseHeld = (): void => undefined;

async function appLogging(config: Record<string, string>): Promise<{ t: TestApp; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const t = await createTestApp({
    logStream,
    config: { LOG_LEVEL: 'info', ...config },
    extraRoutes: async (app) => {
      const open = { config: { auth: 'none' as const, access: { auth: 'none' as const } } };
      app.get('/api/probe/quick', open, async () => ({ ok: true }));
      app.get('/api/probe/slow', open, async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { ok: true };
      });
      app.get('/api/probe/held', open, () => new Promise((resolve) => (releaseHeld = () => resolve({ ok: true }))));
      app.get('/api/probe/broken', open, async () => {
        throw new Error('broken');
      });
    },
  });
  return { t, lines };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.req !== undefined);

describe('request log', () => {
  it('writes each request at debug in production and at info elsewhere, unless LOG_REQUESTS says', () => {
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'x'.repeat(16), ...aliyunSmsEnv('http://127.0.0.1:9') }).LOG_REQUESTS).toBe('debug');
    expect(loadConfig({ NODE_ENV: 'development' }).LOG_REQUESTS).toBe('info');
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'x'.repeat(16), ...aliyunSmsEnv('http://127.0.0.1:9'), LOG_REQUESTS: 'info' }).LOG_REQUESTS).toBe('info');
    expect(loadConfig({}).LOG_SLOW_REQUEST_MS).toBe(500);
    expect(loadConfig({}).LOG_STUCK_REQUEST_MS).toBe(10_000);
  });

  describe('at debug (production), LOG_LEVEL info', () => {
    let app: Awaited<ReturnType<typeof appLogging>>;
    beforeAll(async () => {
      app = await appLogging({ LOG_REQUESTS: 'debug', LOG_SLOW_REQUEST_MS: '250', LOG_STUCK_REQUEST_MS: '600' });
      // The first calls of a fresh app are slow (a cold start): out of the way first.
      for (let i = 0; i < 3; i++) await app.t.call({ method: 'GET', url: '/api/probe/quick' });
    });
    afterAll(async () => app?.t.close());

    it('writes nothing for a quick answer', async () => {
      expect((await app.t.call({ method: 'GET', url: `/api/probe/quick?phone=${PHONE}` })).statusCode).toBe(200);
      expect(requestLines(app.lines).filter((l) => (l.req as { url: string }).url.includes('phone='))).toEqual([]);
    });

    it('writes a slow request at warn, with its URL redacted', async () => {
      expect((await app.t.call({ method: 'GET', url: `/api/probe/slow?phone=${PHONE}`, token: 'a-secret-token' })).statusCode).toBe(200);
      const line = requestLines(app.lines).find((l) => (l.req as { url: string }).url.startsWith('/api/probe/slow'))!;
      expect(line.msg).toBe('slow request');
      expect(line.level).toBe(40);
      expect(line.req).toMatchObject({ method: 'GET', url: '/api/probe/slow?phone=***' });
      expect(line.res).toMatchObject({ statusCode: 200 });
      expect(line.responseTime).toBeGreaterThanOrEqual(250);
      expect(JSON.stringify(app.lines)).not.toContain(PHONE);
      expect(JSON.stringify(app.lines)).not.toContain('a-secret-token');
    });

    it('writes a request still unanswered after the stuck limit once while it runs, redacted, and its answer after', async () => {
      const answer = app.t.call({ method: 'GET', url: `/api/probe/held?phone=${PHONE}` });
      const held = () => requestLines(app.lines).filter((l) => (l.req as { url: string }).url.startsWith('/api/probe/held'));
      await expect.poll(() => held().map((l) => l.msg), { timeout: 5000 }).toEqual(['request still running']);
      expect(held()[0]).toMatchObject({ level: 40, req: { method: 'GET', url: '/api/probe/held?phone=***' } });
      expect(held()[0]!.runningFor).toBeGreaterThanOrEqual(600);
      releaseHeld();
      expect((await answer).statusCode).toBe(200);
      expect(held().map((l) => l.msg)).toEqual(['request still running', 'slow request']);
      // Answered at once, a request leaves no such line.
      await app.t.call({ method: 'GET', url: '/api/probe/quick?after=held' });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(app.lines.filter((l) => l.msg === 'request still running')).toHaveLength(1);
      expect(JSON.stringify(app.lines)).not.toContain(PHONE);
    });

    it('writes nothing more for a request whose client went away (a page left while its pictures loaded)', async () => {
      const address = await app.t.app.listen({ port: 0, host: '127.0.0.1' });
      const gone = new Promise<void>((resolve) => {
        const request = http.get(`${address}/api/probe/held?client=gone`);
        request.on('error', () => resolve());
        setTimeout(() => request.destroy(), 100);
      });
      await gone;
      await new Promise((resolve) => setTimeout(resolve, 900));
      releaseHeld();
      expect(requestLines(app.lines).filter((l) => (l.req as { url: string }).url.includes('client=gone'))).toEqual([]);
    });

    it('writes a failure at warn, beside the error line', async () => {
      expect((await app.t.call({ method: 'GET', url: '/api/probe/broken' })).statusCode).toBe(500);
      const line = requestLines(app.lines).find((l) => (l.req as { url: string }).url === '/api/probe/broken')!;
      expect(line.msg).toBe('request failed');
      expect(line.level).toBe(40);
      expect(line.res).toMatchObject({ statusCode: 500 });
      expect(app.lines.some((l) => l.msg === 'unhandled error')).toBe(true);
    });
  });

  describe('at info (development)', () => {
    let app: Awaited<ReturnType<typeof appLogging>>;
    beforeAll(async () => {
      app = await appLogging({});
    });
    afterAll(async () => app?.t.close());

    it('writes one line per request, redacted', async () => {
      expect((await app.t.call({ method: 'GET', url: `/api/probe/quick?phone=${PHONE}` })).statusCode).toBe(200);
      const lines = requestLines(app.lines).filter((l) => (l.req as { url: string }).url.startsWith('/api/probe/quick'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { url: '/api/probe/quick?phone=***' }, res: { statusCode: 200 } });
      expect(JSON.stringify(app.lines)).not.toContain(PHONE);
    });
  });
});

/**
 * Decision 061: the external arrival list's sign opens the list and the arrival check, so no
 * log line may carry it, neither the slow-request nor the failed-request line (both at warn,
 * written in production), nor the page's own request line.
 */
describe('the external arrival link in the log', () => {
  let app: Awaited<ReturnType<typeof appLogging>>;
  let dist: string;
  let houseId: number;
  let sign: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'baobei-request-log-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>报备</title>');
    app = await appLogging({ LOG_REQUESTS: 'info', LOG_SLOW_REQUEST_MS: '250', WEB_DIST: dist });
    const companyId = await app.t.companyIdOf('localhost');
    const [listing] = await app.t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, companyId)).orderBy(asc(house.id)).limit(1);
    houseId = listing!.id;
    // The link as an auditor is given it (a real sign of this deployment's key).
    const link = await app.t.postAs('/api/record/get-report-auto-link', '13800000006', { houseId });
    expect(link.statusCode).toBe(200);
    sign = new URL(link.json().data.path as string, 'http://x').searchParams.get('sign')!;
    expect(sign.length).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await app?.t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const countUrl = () => `/api/record/get-report-auto-count?houseId=${houseId}&sign=${encodeURIComponent(sign)}`;
  const linesOf = (prefix: string) => requestLines(app.lines).filter((l) => (l.req as { url: string }).url.startsWith(prefix));

  it('a slow count with a real sign: a warn line without the sign', async () => {
    const { db } = app.t.database;
    // The listing's table is held for 400 ms, so the count (which reads it) answers late.
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`lock table house in access exclusive mode`);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    await held;
    const res = await app.t.call({ method: 'GET', url: countUrl() });
    await holding;
    expect(res.statusCode).toBe(200);
    const line = linesOf('/api/record/get-report-auto-count').find((l) => l.msg === 'slow request')!;
    expect(line).toMatchObject({ level: 40, req: { url: `/api/record/get-report-auto-count?houseId=${houseId}&sign=***` } });
    expect(JSON.stringify(app.lines)).not.toContain(sign);
    expect(JSON.stringify(app.lines)).not.toContain(encodeURIComponent(sign));
  });

  it('a failed count with a real sign: a warn line and the error line, without the sign', async () => {
    const { db } = app.t.database;
    // The reports' table is gone for the call: the count fails with a 500.
    await db.execute(sql`alter table record rename to record_away`);
    let res;
    try {
      res = await app.t.call({ method: 'GET', url: countUrl() });
    } finally {
      await db.execute(sql`alter table record_away rename to record`);
    }
    expect(res.statusCode).toBe(500);
    const line = linesOf('/api/record/get-report-auto-count').find((l) => l.msg === 'request failed')!;
    expect(line).toMatchObject({ level: 40, res: { statusCode: 500 }, req: { url: `/api/record/get-report-auto-count?houseId=${houseId}&sign=***` } });
    expect(app.lines.some((l) => l.msg === 'unhandled error')).toBe(true);
    expect(JSON.stringify(app.lines)).not.toContain(sign);
  });

  it('the page of the link, the WeChat return and a private picture: their request lines without the secrets', async () => {
    for (const url of [
      `/external/record/list?houseId=${houseId}&sign=${encodeURIComponent(sign)}`,
      '/authorization?code=OAUTHCODE123&state=STATE456',
      '/uploads/private/none.jpg?exp=1700003600&sig=PICSIG789',
    ]) {
      await app.t.call({ method: 'GET', url });
    }
    expect(linesOf('/external/record/list')[0]).toMatchObject({ req: { url: `/external/record/list?houseId=${houseId}&sign=***` } });
    expect(linesOf('/authorization')[0]).toMatchObject({ req: { url: '/authorization?code=***&state=***' } });
    expect(linesOf('/uploads/private/none.jpg')[0]).toMatchObject({ req: { url: '/uploads/private/none.jpg?exp=1700003600&sig=***' } });
    const everything = JSON.stringify(app.lines);
    for (const secret of [sign, 'OAUTHCODE123', 'STATE456', 'PICSIG789']) expect(everything).not.toContain(secret);
  });
});

describe('Fastify’s own lines', () => {
  it('an unknown route (the default 404) and an error logged as `err` carry no secret', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const { requestLogSerializers } = await import('./request-log');
    const app = Fastify({
      logger: { level: 'info', stream: logStream, serializers: requestLogSerializers },
      logController: new RequestLogController({ level: 'info', slowMs: 500, stuckMs: 10_000 }),
    });
    app.get('/probe', async (request) => {
      request.log.warn({ err: new Error('upstream https://api.example.com/cgi-bin/ticket/getticket?access_token=TOKEN1 failed') }, 'probe');
      request.log.warn({ err: 'job failed: GET /x?sign=SIGN2' }, 'probe as text');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/nowhere?sign=SIGN3' });
    await app.inject({ method: 'GET', url: '/probe?token=TOKEN4' });
    await app.close();
    const everything = lines.join('\n');
    for (const secret of ['TOKEN1', 'SIGN2', 'SIGN3', 'TOKEN4']) expect(everything).not.toContain(secret);
    expect(everything).toContain('access_token=***');
    expect(everything).toContain('/nowhere?sign=***');
  });
});
