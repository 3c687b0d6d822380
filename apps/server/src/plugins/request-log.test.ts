import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { aliyunSmsEnv } from '../test/fake-sms-providers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Decision 032: one line per request, at debug in production (not written at the default
 * LOG_LEVEL info); failures and slow requests at warn whatever the level; secrets redacted.
 */
const PHONE = '13912345678';

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
  });

  describe('at debug (production), LOG_LEVEL info', () => {
    let app: Awaited<ReturnType<typeof appLogging>>;
    beforeAll(async () => {
      app = await appLogging({ LOG_REQUESTS: 'debug', LOG_SLOW_REQUEST_MS: '250' });
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
