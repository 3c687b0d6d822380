import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { startTestS3, TEST_S3 } from './test-s3-server';
import { PUBLIC_PICTURE_CACHE, type UploadStorage } from './upload-storage';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let serial = 0;
/** A fresh '<yyyy>/<mm>/<random>.png' key per test. */
const newKey = () => `2025/03/${(++serial).toString(16).padStart(32, '0')}.png`;

let s3: Awaited<ReturnType<typeof startTestS3>>;
let diskRoot: string;
beforeAll(async () => {
  s3 = await startTestS3();
  diskRoot = mkdtempSync(path.join(tmpdir(), 'baobei-disk-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(diskRoot, { recursive: true, force: true });
});

const s3Storage = (publicBaseUrl?: string) =>
  createS3Storage({ endpoint: new URL(s3.endpoint), forcePathStyle: true, ...TEST_S3, publicBaseUrl });

/** The contract both stores keep. */
describe.each([
  ['disk', () => createDiskStorage(diskRoot)],
  ['s3', () => s3Storage()],
] as [string, () => UploadStorage][])('%s storage', (_name, make) => {
  it('keeps a picture and answers its bytes; a key never stored is null', async () => {
    const storage = make();
    const key = newKey();
    await storage.put(key, png, { contentType: 'image/png', visibility: 'private' });
    expect(await storage.read(key, 'private')).toEqual(png);
    expect(await storage.read(newKey(), 'private')).toBeNull();
  });

  it('publishes a private picture: it is then read as public', async () => {
    const storage = make();
    const key = newKey();
    await storage.put(key, png, { contentType: 'image/png', visibility: 'private' });
    await storage.publish(key, 'image/png');
    expect(await storage.read(key, 'public')).toEqual(png);
  });
});

describe('disk storage', () => {
  it('serves public pictures through this server, at /uploads/<key>', () => {
    expect(createDiskStorage(diskRoot).publicUrl('2025/03/ab.png')).toBe('/uploads/2025/03/ab.png');
  });
});

describe('s3 storage (s3rver behind a gate that checks signatures and the public-prefix policy)', () => {
  it('answers public pictures from the bucket, cached for good, to anyone', async () => {
    const storage = s3Storage();
    const key = newKey();
    await storage.put(key, png, { contentType: 'image/png', visibility: 'public' });
    const url = storage.publicUrl(key);
    expect(url).toBe(`${s3.endpoint}/${TEST_S3.bucket}/public/${key}`);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PUBLIC_PICTURE_CACHE);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(png);
  });

  it('names public pictures by S3_PUBLIC_BASE_URL when one is set (a CDN)', () => {
    expect(s3Storage('https://img.example.com/').publicUrl('2025/03/ab.png')).toBe('https://img.example.com/public/2025/03/ab.png');
  });

  it('lets a private picture be read by its presigned URL only, and not once it has expired', async () => {
    const storage = s3Storage();
    const key = newKey();
    await storage.put(key, png, { contentType: 'image/png', visibility: 'private' });

    const presigned = storage.privateUrl(key, new Date(), 7200);
    const answer = await fetch(presigned);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(png);

    // Without the signature, with another picture's, or one signed with another secret: refused.
    expect((await fetch(presigned.split('?')[0]!)).status).toBe(403);
    const other = newKey();
    await storage.put(other, png, { contentType: 'image/png', visibility: 'private' });
    const borrowed = storage.privateUrl(other, new Date(), 7200).replace(other, key);
    expect((await fetch(borrowed)).status).toBe(403);
    const forged = createS3Storage({ endpoint: new URL(s3.endpoint), region: TEST_S3.region, bucket: TEST_S3.bucket, forcePathStyle: true, accessKeyId: TEST_S3.accessKeyId, secretAccessKey: 'not-the-secret' });
    expect((await fetch(forged.privateUrl(key, new Date(), 7200))).status).toBe(403);
    // The private prefix is not readable by the public URL scheme either.
    expect((await fetch(storage.publicUrl(key).replace('/public/', '/private/'))).status).toBe(403);

    s3.clock.offsetMs = 7201 * 1000;
    try {
      const expired = await fetch(presigned);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    } finally {
      s3.clock.offsetMs = 0;
    }
  });

  it('moves a published picture to the public prefix: its private object is gone', async () => {
    const storage = s3Storage();
    const key = newKey();
    await storage.put(key, png, { contentType: 'image/png', visibility: 'private' });
    await storage.publish(key, 'image/png');
    expect(await storage.read(key, 'private')).toBeNull();
    const answer = await fetch(storage.publicUrl(key));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PUBLIC_PICTURE_CACHE);
  });

  it('reaches its bucket (the readiness check), and says so when it cannot', async () => {
    await expect(s3Storage().check()).resolves.toBeUndefined();
    const wrong = createS3Storage({ endpoint: new URL(s3.endpoint), region: TEST_S3.region, bucket: TEST_S3.bucket, forcePathStyle: true, accessKeyId: TEST_S3.accessKeyId, secretAccessKey: 'wrong' });
    await expect(wrong.check()).rejects.toThrow();
  });
});
