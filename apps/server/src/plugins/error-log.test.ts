import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { createTestApp, type TestApp } from '../test/test-app';

/** A 500 is logged with the request id, route and error class, nothing a user sent. */
const PHONE = '13912345678';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA';

describe('the error log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await createTestApp({
      logStream,
      config: { LOG_LEVEL: 'info' },
      extraRoutes: async (app, database) => {
        // A query that fails with its parameters in the driver's message, as a 500 did for a registrant.
        app.post('/api/probe/failing-query', { config: { auth: 'none', access: { auth: 'none' } } }, async (request) => {
          const body = request.body as { phone: string; hash: string };
          await database.db.execute(sql`select ${body.phone}::int, ${body.hash}::int`);
          return { never: true };
        });
      },
    });
  });
  afterAll(async () => t?.close());

  it('answers 500 without internals and logs no parameter or body', async () => {
    const res = await t.call({ method: 'POST', url: '/api/probe/failing-query', payload: { phone: PHONE, hash: HASH } });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toBe(messages.common.serverError);
    expect(res.body).not.toContain(PHONE);

    const errorLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'unhandled error');
    expect(errorLines).toHaveLength(1);
    const logged = errorLines[0]!;
    expect(logged.reqId).toBeTruthy();
    expect(logged.route).toBe('/api/probe/failing-query');
    const chain = logged.error as { class: string; code?: string }[];
    expect(chain.map((e) => e.class)).toContain('DrizzleQueryError');
    expect(chain.some((e) => e.code === '22003' || e.code === '22P02')).toBe(true);

    const everything = lines.join('\n');
    expect(everything).not.toContain(PHONE);
    expect(everything).not.toContain('argon2id');
    expect(everything).not.toContain('select');
  });
});
