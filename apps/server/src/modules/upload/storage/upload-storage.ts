import type { UploadVisibility } from '../upload-repository';

/**
 * Where uploaded pictures are kept (docs/decisions/018 and the storage decision): the server's
 * own disk (the default) or an S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO, AWS),
 * chosen by STORAGE. Keys are '<yyyy>/<mm>/<random>.<ext>', never reused, so a stored picture
 * never changes and a public one may be cached for good.
 */
export interface StoredPicture {
  contentType: string;
  visibility: UploadVisibility;
}

interface StorageCommon {
  /** Stores a new picture under a new key (keys are random and never reused). */
  put(key: string, bytes: Buffer, picture: StoredPicture): Promise<void>;
  /** The picture's bytes, null when there is none (tests and tools; the browser is sent a URL). */
  read(key: string, visibility: UploadVisibility): Promise<Buffer | null>;
  /** Deletes the picture (docs/decisions/093: 数据保留, 个人信息请求); one that is not there is no error. */
  remove(key: string, visibility: UploadVisibility): Promise<void>;
  /** A private picture becomes public (it became someone's avatar). */
  publish(key: string, contentType: string): Promise<void>;
  /** The URL a public picture is fetched at: '/uploads/<key>' on disk, the bucket's or CDN's URL on S3. */
  publicUrl(key: string): string;
}

export interface DiskStorage extends StorageCommon {
  kind: 'disk';
  /** The folder GET /uploads/<key> serves from. */
  root: string;
}

export interface S3Storage extends StorageCommon {
  kind: 's3';
  /** A presigned GET of a private picture, valid from `signedAt` for `expiresIn` seconds. */
  privateUrl(key: string, signedAt: Date, expiresIn: number): string;
  /** Throws when the bucket cannot be reached with these credentials (start-up, readiness). */
  check(): Promise<void>;
}

export type UploadStorage = DiskStorage | S3Storage;

/** What a public picture is served with: its name is never reused. */
export const PUBLIC_PICTURE_CACHE = 'public, max-age=31536000, immutable';
