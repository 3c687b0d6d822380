import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@baobei/shared/messages';
import { MAX_IMAGE_BYTES, STORED_IMAGE_TYPES } from '@baobei/shared/rules/image-file';
import { UPLOAD_PREFIX } from '@baobei/shared/rules/upload-url';
import { AppError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { reencodeImage } from './image-processing';
import type { PictureSigner } from './picture-signer';
import type { UploadStorage } from './storage/upload-storage';
import type { UploadRepository, UploadVisibility } from './upload-repository';

/** Part 1, sections 5 and 9: jpeg, png, gif, bmp, at most 5 MB, judged by content. */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;

/** docs/decisions/018: a signed-in user's uploads (the anonymous licence upload is limited per address). */
export const UPLOAD_LIMITS = {
  perUserPerHour: 60,
  bytesPerUserPerDay: 200 * 1024 * 1024,
} as const;
const HOUR = 3600;
const DAY_MS = 24 * 3600 * 1000;

export function createUploadService(deps: {
  uploads: UploadRepository;
  storage: UploadStorage;
  limiter: RateLimiter;
  pictures: PictureSigner;
  now?: () => Date;
}) {
  const { uploads, storage, limiter, pictures } = deps;
  return {
    storage,
    /**
     * Stores a picture re-encoded (no metadata, nothing appended) and answers its URL: a
     * private picture's signed URL, a public one's URL (its plain path on disk, the bucket's or
     * CDN's URL in S3). `userId` null: an anonymous
     * upload (the registration's licence picture), limited per address by its caller.
     */
    async saveImage(companyId: number, userId: number | null, content: Buffer, visibility: UploadVisibility): Promise<{ url: string }> {
      if (content.length > MAX_UPLOAD_BYTES) throw new AppError(413, messages.upload.tooLarge);
      const now = deps.now?.() ?? new Date();
      if (userId !== null) {
        const { count } = await limiter.hit(`upload-user:${companyId}:${userId}`, HOUR);
        if (count > UPLOAD_LIMITS.perUserPerHour) throw new TooManyRequestsError(messages.upload.tooFrequent);
      }
      const type = await fileTypeFromBuffer(content);
      if (!type || !STORED_IMAGE_TYPES.has(type.mime)) throw new ValidationError(messages.upload.notImage);
      if (userId !== null) {
        const used = await uploads.bytesSince(companyId, userId, new Date(now.getTime() - DAY_MS));
        if (used + content.length > UPLOAD_LIMITS.bytesPerUserPerDay) throw new TooManyRequestsError(messages.upload.quotaExceeded);
      }
      const image = await reencodeImage(content, type.mime);
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${folder}/${randomBytes(16).toString('hex')}.${image.ext}`;
      await storage.put(key, image.data, { contentType: image.mime, visibility });
      await uploads.insert({
        companyId,
        userId,
        storageKey: key,
        mime: image.mime,
        size: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        visibility,
      });
      return { url: visibility === 'private' ? pictures.sign(`${UPLOAD_PREFIX}${key}`) : storage.publicUrl(key) };
    },

    /**
     * Makes one of the user's own uploads public (it became their avatar; decision 018): the
     * stored picture first (in S3 it moves under the public prefix), then its row.
     */
    async publishOwn(companyId: number, userId: number, storageKey: string): Promise<void> {
      const row = await uploads.findOwn(companyId, userId, storageKey);
      if (!row || row.visibility === 'public') return;
      await storage.publish(storageKey, row.mime);
      await uploads.markPublic(companyId, userId, storageKey);
    },

    /** A fresh signed URL of a private picture (a presigned URL of the bucket in S3). */
    privateUrl: (storageKey: string): string => pictures.sign(`${UPLOAD_PREFIX}${storageKey}`),

    /** How GET /uploads/<key> may answer: by its visibility and, for a private file, its signature. */
    async access(storageKey: string, exp: unknown, sig: unknown): Promise<'public' | 'signed' | 'not-found' | 'forbidden' | 'expired'> {
      const visibility = await uploads.visibilityOf(storageKey);
      if (!visibility) return 'not-found';
      if (visibility === 'public') return 'public';
      const check = pictures.check(storageKey, exp, sig);
      if (check === 'ok') return 'signed';
      // No signature: the picture is not there for whoever has only its name.
      if (check === 'missing') return 'not-found';
      return check === 'expired' ? 'expired' : 'forbidden';
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
