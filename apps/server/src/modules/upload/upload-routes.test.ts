import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { upload } from '../../db/schema';
import { CONSOLE_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createPictureSigner } from './picture-signer';
import { UPLOAD_LIMITS } from './upload-service';

const SECRET = 'upload-test-secret-0123456789abcdef';
let t: TestApp;
let dataDir: string;
let broker: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-upload-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, EXTERNAL_LINK_SECRET: SECRET } });
  broker = await t.login('13800000003');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (content: Buffer, filename: string, type: string, options: { headers?: Record<string, string>; token?: string | null; query?: string } = {}) => {
  const body = multipartFile(content, filename, type);
  const token = options.token === undefined ? broker : options.token;
  return t.call({
    method: 'POST',
    url: `/api/upload/index${options.query ?? ''}`,
    token: token ?? undefined,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
};

/** Uploads and answers the URL, the stored row and the stored bytes. */
async function stored(content: Buffer, filename: string, type: string, query?: string) {
  const res = await send(content, filename, type, { query });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.url as string;
  const key = uploadKeyOf(url)!;
  expect(key).not.toBeNull();
  const [row] = await t.database.db.select().from(upload).where(eq(upload.storageKey, key));
  return { url, key, row: row!, bytes: readFileSync(path.join(dataDir, 'uploads', key)) };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A PNG of the given size whose pixels are all zero: tiny compressed, huge decoded. */
function zeroPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Only the first rows are written: the header alone claims the size, as in the review's file.
  const rows = Buffer.alloc(Math.min(height, 64) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A 2×2 24-bit BMP: red, green / blue, white (bottom-up rows, padded to 4 bytes). */
function tinyBmp(): Buffer {
  const rowBytes = 8;
  const pixels = Buffer.alloc(rowBytes * 2);
  // Bottom row first: blue, white.
  pixels.set([255, 0, 0, 255, 255, 255], 0);
  // Top row: red, green (BGR).
  pixels.set([0, 0, 255, 0, 255, 0], rowBytes);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, pixels]);
}

describe('image upload', () => {
  it('stores the re-encoded picture, its size and sha256, as a private file answered by a signed URL', async () => {
    const { url, key, row, bytes } = await stored(TINY_PNG, 'a.png', 'image/png');
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]+$/);
    expect(row).toMatchObject({ mime: 'image/png', visibility: 'private', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect((await sharp(bytes).metadata()).width).toBe(1);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Never by its name alone.
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
  });

  it('avatars (purpose=avatar) are public and cacheable by their plain path', async () => {
    const res = await send(TINY_PNG, 'me.png', 'image/png', { query: '?purpose=avatar' });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const [row] = await t.database.db.select().from(upload).where(eq(upload.storageKey, uploadKeyOf(url)!));
    expect(row!.visibility).toBe('public');
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send(TINY_PNG, 'me.png', 'image/png', { query: '?purpose=other' })).statusCode).toBe(400);
  });

  it('judges by content, not by name', async () => {
    const res = await send(Buffer.from('just some text, not a picture'), 'fake.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.upload.notImage);
    const pdf = await send(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(400);
    // A PNG signature with garbage after it is refused, not stored.
    const broken = await send(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 7)]), 'broken.png', 'image/png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe(messages.upload.notImage);
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await send(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(messages.upload.tooLarge);
  });

  it('refuses pictures over the pixel limit from their header: a 30000×30000 header, a decompression bomb, a long side', async () => {
    const before = await t.database.db.$count(upload);
    for (const [width, height] of [
      [30000, 30000],
      [8000, 6000],
      [12000, 100],
    ] as const) {
      const bomb = zeroPng(width, height);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const res = await send(bomb, 'bomb.png', 'image/png');
      expect(res.statusCode, `${width}×${height}`).toBe(400);
      expect(res.json().msg).toBe(messages.upload.tooManyPixels);
    }
    expect(await t.database.db.$count(upload)).toBe(before);
  });

  it('drops EXIF (the GPS position) after turning the photo upright', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 27/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 17/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the photo's EXIF.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(true);
    expect(input.orientation).toBe(6);
    expect(photo.includes(Buffer.from('SecretPhone'))).toBe(true);

    const { bytes, row } = await stored(photo, 'id.jpg', 'image/jpeg');
    expect(row.mime).toBe('image/jpeg');
    const output = await sharp(bytes).metadata();
    expect(output.format).toBe('jpeg');
    expect(output.exif).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretPhone'))).toBe(false);
    // Orientation 6 (rotate 90°) applied: 40×20 becomes 20×40.
    expect([output.width, output.height]).toEqual([20, 40]);
  });

  it('drops anything appended after the image data', async () => {
    const payload = Buffer.from('PK\u0003\u0004 appended-secret-archive <script>alert(1)</script>');
    const png = await stored(Buffer.concat([TINY_PNG, payload]), 'a.png', 'image/png');
    expect(png.bytes.includes(Buffer.from('appended-secret-archive'))).toBe(false);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const photo = await stored(Buffer.concat([jpeg, payload]), 'a.jpg', 'image/jpeg');
    expect(photo.bytes.includes(Buffer.from('appended-secret-archive'))).toBe(false);
    expect(photo.row.size).toBe(photo.bytes.length);
  });

  it('GIF (first frame) and BMP become PNG', async () => {
    const gif = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    const g = await stored(gif, 'a.gif', 'image/gif');
    expect(g.key.endsWith('.png')).toBe(true);
    expect(g.row.mime).toBe('image/png');
    expect((await sharp(g.bytes).metadata()).format).toBe('png');

    const b = await stored(tinyBmp(), 'a.bmp', 'image/bmp');
    expect(b.key.endsWith('.png')).toBe(true);
    const { data, info } = await sharp(b.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([2, 2, 3]);
    expect([...data]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
    // A BMP header claiming a huge picture is refused before anything is decoded.
    const huge = tinyBmp();
    huge.writeInt32LE(20000, 18);
    huge.writeInt32LE(20000, 22);
    const res = await send(huge, 'huge.bmp', 'image/bmp');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.upload.tooManyPixels);
  });

  it('needs a session and a file', async () => {
    expect((await send(TINY_PNG, 'a.png', 'image/png', { token: null })).statusCode).toBe(401);
    const empty = await t.call({ method: 'POST', url: '/api/upload/index', token: broker, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('replays the answer for the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'upload-key-0001' };
    const first = await send(TINY_PNG, 'a.png', 'image/png', { headers });
    const second = await send(TINY_PNG, 'a.png', 'image/png', { headers });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.url).toBe(first.json().data.url);
  });

  it('serves only files that exist, and no directory listing', async () => {
    expect((await get('/uploads/2020/01/missing.png')).statusCode).toBe(404);
    expect((await get('/uploads/2020/01/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    const { url } = await stored(TINY_PNG, 'a.png', 'image/png');
    const folder = path.posix.dirname(url.split('?')[0]!);
    expect(existsSync(path.join(dataDir, folder))).toBe(true);
    expect((await get(`${folder}/`)).statusCode).toBe(404);
    const escape = await get('/uploads/%2e%2e/%2e%2e/package.json');
    // Never a file outside the upload folder (the SPA fallback may answer the normalised path).
    expect(escape.body).not.toContain('@baobei');
  });
});

describe('the console upload (docs/decisions/043)', () => {
  let ip = 0;
  const consoleToken = async (phone: string, host: string = HOSTS.localhost) => {
    ip += 1;
    const res = await t.call({ method: 'POST', url: '/api/admin/auth/sign', host, remoteAddress: `10.97.0.${ip}`, payload: { phone, password: '123456' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const consoleSend = (content: Buffer, token: string | undefined, host: string = HOSTS.localhost, url = '/api/admin/upload/index') => {
    const body = multipartFile(content, 'album.png', 'image/png');
    return t.call({ method: 'POST', url, host, token, payload: body.payload, headers: body.headers });
  };

  it('stores a public picture in the host\'s company for an operator and a platform administrator, by its plain path', async () => {
    for (const [phone, host] of [
      [CONSOLE_ACCOUNTS.operator, HOSTS.localhost],
      [CONSOLE_ACCOUNTS.platformAdmin, HOSTS.localhost],
      [CONSOLE_ACCOUNTS.secondOperator, HOSTS.second],
    ] as const) {
      const res = await consoleSend(TINY_PNG, await consoleToken(phone, host), host);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().data.url as string;
      expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      const [row] = await t.database.db.select().from(upload).where(eq(upload.storageKey, uploadKeyOf(url)!));
      expect(row).toMatchObject({ visibility: 'public', companyId: await t.companyIdOf(host), userId: await userIdOf(t, await t.companyIdOf(host), phone) });
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the app\'s checks: content type, size, a session, a file', async () => {
    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const text = await consoleSend(Buffer.from('just some text, not a picture'), operator);
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toBe(messages.upload.notImage);
    const big = await consoleSend(Buffer.alloc(5 * 1024 * 1024 + 10, 1), operator);
    expect(big.statusCode).toBe(413);
    expect((await consoleSend(TINY_PNG, undefined)).statusCode).toBe(401);
    const empty = await t.call({ method: 'POST', url: '/api/admin/upload/index', token: operator, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('is the console\'s only: a mobile token is refused there, a console token on the app\'s upload and on another company\'s host', async () => {
    const mobile = await consoleSend(TINY_PNG, broker);
    expect(mobile.statusCode).toBe(403);
    expect(mobile.json().msg).toBe('该账号无运营后台权限');
    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    expect((await consoleSend(TINY_PNG, operator, HOSTS.localhost, '/api/upload/index')).statusCode).toBe(403);
    expect((await consoleSend(TINY_PNG, operator, HOSTS.second)).statusCode).toBe(401);
  });
});

describe('signed URLs of private pictures', () => {
  it('403 for an expired, forged or borrowed signature; 200 for a fresh one', async () => {
    const { url, key } = await stored(TINY_PNG, 'a.png', 'image/png');
    const plain = `/uploads/${key}`;
    const fresh = createPictureSigner(SECRET).sign(plain);
    expect((await get(fresh)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);

    const expired = createPictureSigner(SECRET, () => Date.now() - 3 * 3600 * 1000).sign(plain);
    const old = await get(expired);
    expect(old.statusCode).toBe(403);
    expect(old.json().msg).toBe(messages.upload.linkExpired);

    const forged = createPictureSigner('someone-elses-secret-0123456789').sign(plain);
    expect((await get(forged)).statusCode).toBe(403);
    const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await get(tampered)).statusCode).toBe(403);
    // A later expiry with the old signature.
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect((await get(url.replace(`exp=${exp}`, `exp=${exp + 86400}`))).statusCode).toBe(403);
    // One picture's signature does not open another.
    const other = await stored(TINY_PNG, 'b.png', 'image/png');
    const sig = new URL(url, 'http://x').search;
    expect((await get(`/uploads/${other.key}${sig}`)).statusCode).toBe(403);
  });
});

describe('per-user upload rate and daily quota', () => {
  it(`refuses the ${UPLOAD_LIMITS.perUserPerHour + 1}th upload of an hour with 429`, async () => {
    const channel = await t.login('13800000004');
    for (let i = 0; i < UPLOAD_LIMITS.perUserPerHour; i++) {
      const res = await send(TINY_PNG, 'a.png', 'image/png', { token: channel });
      expect(res.statusCode).toBe(200);
    }
    const over = await send(TINY_PNG, 'a.png', 'image/png', { token: channel });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(messages.upload.tooFrequent);
    // Someone else still uploads.
    expect((await send(TINY_PNG, 'a.png', 'image/png')).statusCode).toBe(200);
  });

  it('refuses an upload past the daily byte quota with 429', async () => {
    const manager = await t.login('13800000005');
    const companyId = await t.companyIdOf(HOSTS.localhost);
    const userId = await userIdOf(t, companyId, '13800000005');
    expect((await send(TINY_PNG, 'a.png', 'image/png', { token: manager })).statusCode).toBe(200);
    await t.database.db.insert(upload).values({
      companyId,
      userId,
      storageKey: '2020/01/ffffffffffffffffffffffffffffffff.png',
      mime: 'image/png',
      size: UPLOAD_LIMITS.bytesPerUserPerDay - 10,
      sha256: '0'.repeat(64),
    });
    const over = await send(TINY_PNG, 'a.png', 'image/png', { token: manager });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(messages.upload.quotaExceeded);
    // Yesterday's uploads do not count.
    await t.database.db
      .update(upload)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(upload.storageKey, '2020/01/ffffffffffffffffffffffffffffffff.png'));
    expect((await send(TINY_PNG, 'a.png', 'image/png', { token: manager })).statusCode).toBe(200);
  });
});
