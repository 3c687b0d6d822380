import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { createS3Presigner, type S3Location } from './s3-presign';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const signedAt = new Date('2025-03-01T10:00:00Z');

async function sdkUrl(location: S3Location, key: string, expiresIn: number): Promise<string> {
  // As s3-storage.ts configures its client: no checksum the service must understand.
  const client = new S3Client({
    endpoint: location.endpoint.href,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return getSignedUrl(client, new GetObjectCommand({ Bucket: location.bucket, Key: key }), { expiresIn, signingDate: signedAt });
}

describe('presigned GET URLs', () => {
  const cases: [string, S3Location][] = [
    ['virtual-hosted (OSS)', { endpoint: new URL('https://oss-cn-hangzhou.aliyuncs.com'), region: 'oss-cn-hangzhou', bucket: 'baobei-prod', forcePathStyle: false }],
    ['virtual-hosted (COS)', { endpoint: new URL('https://cos.ap-guangzhou.myqcloud.com'), region: 'ap-guangzhou', bucket: 'baobei-1250000000', forcePathStyle: false }],
    ['path style with a port (MinIO)', { endpoint: new URL('http://127.0.0.1:9000'), region: 'us-east-1', bucket: 'baobei', forcePathStyle: true }],
  ];
  it.each(cases)('are the AWS SDK presigner’s URL byte for byte: %s', async (_name, location) => {
    const key = 'private/2025/03/0123456789abcdef0123456789abcdef.jpg';
    const ours = createS3Presigner(location, credentials)(key, signedAt, 7200);
    expect(ours).toBe(await sdkUrl(location, key, 7200));
    expect(ours).toContain('X-Amz-Expires=7200');
  });

  it('differ by key, time and secret', () => {
    const location = cases[0]![1];
    const presign = createS3Presigner(location, credentials);
    const a = presign('private/2025/03/0123456789abcdef0123456789abcdef.jpg', signedAt, 7200);
    expect(presign('private/2025/03/ffffffffffffffffffffffffffffffff.jpg', signedAt, 7200)).not.toBe(a);
    expect(presign('private/2025/03/0123456789abcdef0123456789abcdef.jpg', new Date(signedAt.getTime() + 3600_000), 7200)).not.toBe(a);
    expect(createS3Presigner(location, { ...credentials, secretAccessKey: 'other' })('private/2025/03/0123456789abcdef0123456789abcdef.jpg', signedAt, 7200)).not.toBe(a);
  });
});
