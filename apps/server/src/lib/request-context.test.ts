import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../test/fake-sms-providers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * docs/decisions/097: every line written while a request is served carries its reqId, the
 * app's and a module's logger included; a line outside any request carries none, and a line of
 * the request's own logger carries it once.
 */
const log = captureLog();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { LOG_LEVEL: 'info' },
    logStream: log.stream,
    extraRoutes: async (app) => {
      // As a service does with the logger it was given at start: the app's, not the request's.
      const moduleLog = app.log.child({ component: 'test-module' });
      app.post('/test/log-lines', async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        app.log.info({ line: 'app' }, 'app line');
        moduleLog.info({ line: 'module' }, 'module line');
        request.log.info({ line: 'request' }, 'request line');
        return { ok: true };
      });
    },
  });
});
afterAll(async () => t?.close());

const lines = () =>
  log
    .read()
    .split('\n')
    .filter((line) => line.includes('"line":'))
    .map((line) => ({ text: line, parsed: JSON.parse(line) as { line: string; reqId?: string } }));

describe('the request context', () => {
  it('gives every line written for a request its reqId, whichever logger wrote it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/log-lines', payload: { with: 'a body' } });
    expect(res.statusCode).toBe(200);
    const reqId = res.headers['x-request-id'];
    expect(lines().map((l) => [l.parsed.line, l.parsed.reqId])).toEqual([
      ['app', reqId],
      ['module', reqId],
      ['request', reqId],
    ]);
    // Once per line, never twice.
    for (const { text } of lines()) expect(text.match(/"reqId"/g)).toHaveLength(1);

    // Outside a request (a job, the start), none.
    t.app.log.info({ line: 'outside' }, 'outside line');
    expect(lines().at(-1)!.parsed).toEqual(expect.not.objectContaining({ reqId: expect.anything() }));
  });
});
