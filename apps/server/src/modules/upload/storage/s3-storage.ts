import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { UploadVisibility } from '../upload-repository';
import { createS3Presigner, objectUrl, type S3Credentials, type S3Location } from './s3-presign';
import { PUBLIC_PICTURE_CACHE, type S3Storage } from './upload-storage';

export interface S3StorageOptions extends S3Location, S3Credentials {
  /** The URL the bucket's root is read at by the public (a CDN); unset, the bucket's own URL. */
  publicBaseUrl?: string;
}

/**
 * A browser holding a presigned URL may keep the picture this long: every URL handed out lives
 * one to two hours (picture-signer.ts), so an hour never outlives the link.
 */
const PRIVATE_PICTURE_CACHE = 'private, max-age=3600';

/**
 * Pictures in an S3-compatible bucket, under two prefixes: `public/<key>`, which the bucket's
 * policy (or the CDN in front of it) lets anyone read, and `private/<key>`, which nobody reads
 * without a presigned URL. The prefix rather than a per-object ACL: AWS buckets refuse ACLs by
 * default, and a prefix policy is one setting on OSS, COS and MinIO alike.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const location: S3Location = options;
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint.href,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The CRC checksums the SDK adds by default are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const presign = createS3Presigner(location, options);
  const objectKey = (visibility: UploadVisibility, key: string) => `${visibility}/${key}`;
  const publicBase = options.publicBaseUrl?.replace(/\/+$/, '');

  return {
    kind: 's3',
    async put(key, bytes, { contentType, visibility }) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(visibility, key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: visibility === 'public' ? PUBLIC_PICTURE_CACHE : PRIVATE_PICTURE_CACHE,
        }),
      );
    },
    async read(key, visibility) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(visibility, key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    // S3 answers a delete of a missing object with success: removing twice is no error.
    async remove(key, visibility) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(visibility, key) }));
    },
    async publish(key, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          CopySource: `${bucket}/${objectKey('private', key)}`,
          Key: objectKey('public', key),
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: PUBLIC_PICTURE_CACHE,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey('private', key) }));
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${objectKey('public', key)}` : objectUrl(location, objectKey('public', key)).href),
    privateUrl: (key, signedAt, expiresIn) => presign(objectKey('private', key), signedAt, expiresIn),
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
