import path from 'node:path';
import type { Config } from '../../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { UploadStorage } from './upload-storage';

/** The store STORAGE names; loadConfig has already refused STORAGE=s3 without its settings. */
export function createUploadStorage(config: Config): UploadStorage {
  if (config.STORAGE === 'disk') return createDiskStorage(path.resolve(config.DATA_DIR, 'uploads'));
  return createS3Storage({
    endpoint: new URL(config.S3_ENDPOINT!),
    region: config.S3_REGION!,
    bucket: config.S3_BUCKET!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    publicBaseUrl: config.S3_PUBLIC_BASE_URL,
  });
}
