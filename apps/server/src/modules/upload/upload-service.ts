import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@baobei/shared/messages';
import { AppError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { reencodeImage } from './image-processing';
import type { PictureSigner } from './picture-signer';
import type { UploadRepository, UploadVisibility } from './upload-repository';

/** Part 1, sections 5 and 9: jpeg, png, gif, bmp, at most 5 MB, judged by content. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp']);

/** docs/decisions/018: a signed-in user's uploads (the anonymous licence upload is limited per address). */
export const UPLOAD_LIMITS = {
  perUserPerHour: 60,
  bytesPerUserPerDay: 200 * 1024 * 1024,
} as const;
const HOUR = 3600;
const DAY_MS = 24 * 3600 * 1000;

export function createUploadService(deps: {
  uploads: UploadRepository;
  root: string;
  limiter: RateLimiter;
  pictures: PictureSigner;
  now?: () => Date;
}) {
  const { uploads, root, limiter, pictures } = deps;
  return {
    root,
    /**
     * Stores a picture re-encoded (no metadata, nothing appended) and answers its URL: a
     * private picture's signed URL, a public one's plain path. `userId` null: an anonymous
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
      if (!type || !IMAGE_TYPES.has(type.mime)) throw new ValidationError(messages.upload.notImage);
      if (userId !== null) {
        const used = await uploads.bytesSince(companyId, userId, new Date(now.getTime() - DAY_MS));
        if (used + content.length > UPLOAD_LIMITS.bytesPerUserPerDay) throw new TooManyRequestsError(messages.upload.quotaExceeded);
      }
      const image = await reencodeImage(content, type.mime);
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${folder}/${randomBytes(16).toString('hex')}.${image.ext}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, key), image.data, { flag: 'wx' });
      await uploads.insert({
        companyId,
        userId,
        storageKey: key,
        mime: image.mime,
        size: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        visibility,
      });
      const url = `/uploads/${key}`;
      return { url: visibility === 'private' ? pictures.sign(url) : url };
    },

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
