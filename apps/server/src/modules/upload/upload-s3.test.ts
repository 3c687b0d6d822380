import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { messages } from '@baobei/shared/messages';
import { testConfig } from '../../config';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPictureSigner } from './picture-signer';
import { startTestS3, TEST_S3, testS3Settings } from './storage/test-s3-server';
import { PUBLIC_PICTURE_CACHE } from './storage/upload-storage';
import { PUBLIC_REDIRECT_CACHE } from './upload-routes';

/**
 * STORAGE=s3 through the API: the pictures go to a local S3 server (s3rver behind a gate that
 * verifies signatures and lets only `public/` be read anonymously), private ones are answered
 * as presigned URLs of the bucket, public ones as the bucket's URL; who may see what is decision
 * 018's rule, unchanged (the disk store's tests are upload-routes and private-pictures).
 */
const SECRET = 'upload-s3-test-secret-0123456789abcdef';
let s3: Awaited<ReturnType<typeof startTestS3>>;
let t: TestApp;
let broker: string;
let bucketUrl: string;

beforeAll(async () => {
  s3 = await startTestS3();
  bucketUrl = `${s3.endpoint}/${TEST_S3.bucket}`;
  t = await createTestApp({
    config: {
      EXTERNAL_LINK_SECRET: SECRET,
      ...testS3Settings(s3.endpoint),
    },
  });
  broker = await t.login('13800000003');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function uploadAs(token: string, query = ''): Promise<string> {
  const res = await t.call({ method: 'POST', url: `/api/upload/index${query}`, token, ...multipartFile(TINY_PNG, 'id.png', 'image/png') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

describe('STORAGE=s3', () => {
  it('refuses to start without its settings, naming them', () => {
    expect(() => testConfig({ STORAGE: 's3', S3_BUCKET: 'baobei' })).toThrow(
      'STORAGE=s3 needs S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(testConfig().STORAGE).toBe('disk');
  });

  it('answers a private upload as a presigned URL of the bucket: it works, and not unsigned or once expired', async () => {
    const url = await uploadAs(broker);
    const key = uploadKeyOf(url)!;
    expect(url.startsWith(`${bucketUrl}/private/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&`)).toBe(true);
    // Signed at the start of the hour for two hours, as the disk store's links live one to two.
    const signedAt = Date.parse(new URL(url).searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(signedAt % 3_600_000).toBe(0);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('7200');

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(`${bucketUrl}/private/${key}`)).status).toBe(403);

    s3.clock.offsetMs = 2 * 3600 * 1000;
    try {
      expect((await fetch(url)).status).toBe(403);
    } finally {
      s3.clock.offsetMs = 0;
    }
  });

  it('keeps /uploads/<key> for stored paths: 404 by name alone, a signed one redirected to the bucket', async () => {
    const key = uploadKeyOf(await uploadAs(broker))!;
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    const forged = createPictureSigner('someone-elses-secret-0123456789').sign(`/uploads/${key}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    // A disk-style signed link (made before the move to S3) leads to a presigned URL.
    const hmacSigned = createPictureSigner(SECRET).sign(`/uploads/${key}`);
    const res = await t.app.inject({ method: 'GET', url: hmacSigned });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${bucketUrl}/private/${key}\\?X-Amz-`));
    expect((await fetch(res.headers.location as string)).status).toBe(200);
  });

  it('stores an avatar public: the bucket URL, cached for good, read by anyone', async () => {
    const url = await uploadAs(broker, '?purpose=avatar');
    const key = uploadKeyOf(url)!;
    expect(url).toBe(`${bucketUrl}/public/${key}`);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PUBLIC_PICTURE_CACHE);

    // Its stored path redirects to the address of the day, kept a day (docs/decisions/098).
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(url);
    expect(res.headers['cache-control']).toBe(PUBLIC_REDIRECT_CACHE);
  });

  it('a private upload is never made an avatar (docs/decisions/062): refused, it stays private in the bucket', async () => {
    const presigned = await uploadAs(broker);
    const key = uploadKeyOf(presigned)!;
    const res = await t.call({ method: 'POST', url: '/api/user/update-info', token: broker, payload: { avatar: presigned } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(messages.upload.wrongPurpose('头像'));
    expect((await fetch(`${bucketUrl}/public/${key}`)).status).not.toBe(200);
    expect((await fetch(presigned)).status).toBe(200);
  });
});
