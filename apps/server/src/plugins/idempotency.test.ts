import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { ok } from '../lib/envelope';
import { idempotencyKey } from '../db/schema';
import { multipartFile, TINY_PNG } from '../test/multipart';
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

  it('keeps the same key of one user apart per call', async () => {
    const token = await t.login('13800000002');
    const headers = { 'idempotency-key': 'key-per-route-01' };
    const first = await t.call({ method: 'POST', url: '/api/test/create', token, headers });
    const other = await t.call({ method: 'POST', url: '/api/test/create-large', token, headers });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().data.filler).toBeDefined();
  });

  /**
   * Decision 061: a visitor's key is its own (by address, an IPv6 client by its /64): another
   * visitor sending the same key runs a new upload and never reads the first one's signed URL.
   */
  describe('anonymous callers: the licence upload', () => {
    const upload = (remoteAddress: string, key: string) =>
      t.call({ method: 'POST', url: '/api/publicapi/upload-licence', remoteAddress, ...withKey(multipartFile(TINY_PNG, 'licence.png', 'image/png'), key) });
    const withKey = (form: ReturnType<typeof multipartFile>, key: string) => ({ ...form, headers: { ...form.headers, 'idempotency-key': key } });
    const urlOf = (res: Awaited<ReturnType<typeof upload>>) => res.json().data.url as string;

    it('two visitors with the same key get their own answers; each replays its own', async () => {
      const key = 'licence-key-0001';
      const first = await upload('10.81.0.1', key);
      expect(first.statusCode).toBe(200);
      const second = await upload('10.82.0.1', key);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(urlOf(second)).not.toBe(urlOf(first));

      const firstAgain = await upload('10.81.0.1', key);
      expect(firstAgain.headers['idempotent-replayed']).toBe('true');
      expect(firstAgain.json()).toEqual(first.json());
      const secondAgain = await upload('10.82.0.1', key);
      expect(secondAgain.headers['idempotent-replayed']).toBe('true');
      expect(secondAgain.json()).toEqual(second.json());

      const rows = await t.database.db.select({ scope: idempotencyKey.scope }).from(idempotencyKey).where(eq(idempotencyKey.key, key));
      expect(rows.map((r) => r.scope).sort()).toEqual(['upload-licence:anonymous:10.81.0.1', 'upload-licence:anonymous:10.82.0.1']);
    });

    it('an IPv6 visitor is its /64: another /64 runs anew, the same one replays', async () => {
      const key = 'licence-key-0002';
      const first = await upload('2001:db8:5:1::10', key);
      expect(first.statusCode).toBe(200);
      const sameNetwork = await upload('2001:db8:5:1::99', key);
      expect(sameNetwork.headers['idempotent-replayed']).toBe('true');
      expect(sameNetwork.json()).toEqual(first.json());
      const otherNetwork = await upload('2001:db8:5:2::10', key);
      expect(otherNetwork.headers['idempotent-replayed']).toBeUndefined();
      expect(urlOf(otherNetwork)).not.toBe(urlOf(first));
    });

    it('a signed-in user and a visitor with the same key are apart', async () => {
      const key = 'licence-key-0003';
      const visitor = await upload('10.83.0.1', key);
      const token = await t.login('13800000003');
      const user = await t.call({ method: 'POST', url: '/api/test/create', token, remoteAddress: '10.83.0.1', headers: { 'idempotency-key': key } });
      expect(visitor.headers['idempotent-replayed']).toBeUndefined();
      expect(user.headers['idempotent-replayed']).toBeUndefined();
      expect(user.json().data.n).toBeGreaterThan(0);
    });
  });

  it('refuses a malformed key', async () => {
    const token = await t.login('13800000003');
    const res = await t.call({ method: 'POST', url: '/api/test/create', token, headers: { 'idempotency-key': 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.common.invalidIdempotencyKey);
  });
});
