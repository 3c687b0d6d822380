import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { ok } from '../lib/envelope';
import { createTestApp, type TestApp } from '../test/test-app';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let created = 0;
  let createdLarge = 0;
  let failNext = false;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: async (app) => {
        app.post('/api/test/create', { config: { idempotency: 'test-create', access: { auth: 'required' } } }, async () => {
          if (failNext) {
            failNext = false;
            throw new Error('boom');
          }
          created += 1;
          return ok({ n: created }, '创建成功');
        });
        // An answer above the compression threshold: compressed on the way out, still kept for replay.
        app.post('/api/test/create-large', { config: { idempotency: 'test-create-large', access: { auth: 'required' } } }, async () => {
          createdLarge += 1;
          return ok({ n: createdLarge, filler: '报'.repeat(2000) }, '创建成功');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('replays the first answer for the same key and user', async () => {
    const token = await t.login('13800000003');
    const call = () =>
      t.call({ method: 'POST', url: '/api/test/create', token, headers: { 'idempotency-key': 'key-00000001' } });
    const first = await call();
    const second = await call();
    expect(first.json().data.n).toBe(1);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(created).toBe(1);
  });

  it('replays a compressed answer: the answer is kept before it is compressed', async () => {
    const token = await t.login('13800000003');
    const call = () =>
      t.call({
        method: 'POST',
        url: '/api/test/create-large',
        token,
        headers: { 'idempotency-key': 'key-large-0001', 'accept-encoding': 'br' },
      });
    const first = await call();
    expect(first.headers['content-encoding']).toBe('br');
    const second = await call();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(createdLarge).toBe(1);
    const decoded = (res: typeof first) => JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'));
    expect(decoded(second)).toEqual(decoded(first));
  });

  it('keeps keys apart per user and creates anew without a key', async () => {
    const other = await t.login('13800000002');
    const res = await t.call({ method: 'POST', url: '/api/test/create', token: other, headers: { 'idempotency-key': 'key-00000001' } });
    expect(res.json().data.n).toBe(2);
    const noKey = await t.call({ method: 'POST', url: '/api/test/create', token: other });
    expect(noKey.json().data.n).toBe(3);
  });

  it('lets a key be retried after a server failure', async () => {
    const token = await t.login('13800000003');
    failNext = true;
    const headers = { 'idempotency-key': 'key-00000002' };
    const failed = await t.call({ method: 'POST', url: '/api/test/create', token, headers });
    expect(failed.statusCode).toBe(500);
    const retried = await t.call({ method: 'POST', url: '/api/test/create', token, headers });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    const token = await t.login('13800000003');
    const res = await t.call({ method: 'POST', url: '/api/test/create', token, headers: { 'idempotency-key': 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.common.invalidIdempotencyKey);
  });
});
