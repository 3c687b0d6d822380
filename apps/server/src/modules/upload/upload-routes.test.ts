import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages as m } from '@baobei/shared/messages';
import { upload } from '../../db/schema';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
let broker: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-upload-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  broker = await t.login('13800000003');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (content: Buffer, filename: string, type: string, headers: Record<string, string> = {}, token: string | null = broker) => {
  const body = multipartFile(content, filename, type);
  return t.call({ method: 'POST', url: '/api/upload/index', token: token ?? undefined, payload: body.payload, headers: { ...body.headers, ...headers } });
};

describe('image upload', () => {
  it('stores a real image under DATA_DIR/uploads/yyyy/mm and serves it', async () => {
    const res = await send(TINY_PNG, 'a.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const file = path.join(dataDir, url);
    expect(readFileSync(file)).toEqual(TINY_PNG);
    const [row] = await t.database.db.select().from(upload).where(eq(upload.storageKey, url.slice('/uploads/'.length)));
    expect(row).toMatchObject({ mime: 'image/png', size: TINY_PNG.length, sha256: createHash('sha256').update(TINY_PNG).digest('hex') });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(TINY_PNG);
  });

  it('judges by content, not by name', async () => {
    const res = await send(Buffer.from('just some text, not a picture'), 'fake.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(m.upload.notImage);
    const pdf = await send(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(400);
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await send(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(m.upload.tooLarge);
  });

  it('needs a session and a file', async () => {
    expect((await send(TINY_PNG, 'a.png', 'image/png', {}, null)).statusCode).toBe(401);
    const empty = await t.call({ method: 'POST', url: '/api/upload/index', token: broker, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('replays the answer for the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'upload-key-0001' };
    const first = await send(TINY_PNG, 'a.png', 'image/png', headers);
    const second = await send(TINY_PNG, 'a.png', 'image/png', headers);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.url).toBe(first.json().data.url);
  });

  it('serves only files that exist, and no directory listing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/2020/01/missing.png' })).statusCode).toBe(404);
    const res = await send(TINY_PNG, 'a.png', 'image/png');
    const folder = path.posix.dirname(res.json().data.url as string);
    expect(existsSync(path.join(dataDir, folder))).toBe(true);
    const listing = await t.app.inject({ method: 'GET', url: `${folder}/` });
    expect(listing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/uploads/%2e%2e/%2e%2e/package.json' });
    // Never a file outside the upload folder (the SPA fallback may answer the normalised path).
    expect(escape.body).not.toContain('@baobei');
  });
});
