import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@baobei/shared/messages';
import { MAX_IMAGE_BYTES, STORED_IMAGE_TYPES } from '@baobei/shared/rules/image-file';
import { UPLOAD_PREFIX, uploadKeyOf } from '@baobei/shared/rules/upload-url';
import type { Executor } from '../../db/client';
import { AppError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { reencodeImage } from './image-processing';
import type { PictureSigner } from './picture-signer';
import type { UploadStorage } from './storage/upload-storage';
import type { UploadPurpose, UploadRepository, UploadVisibility } from './upload-repository';

export type { UploadPurpose } from './upload-repository';

/** docs/decisions/062: avatars and the console's pictures are shown to anyone; proofs and licences are not. */
export const PURPOSE_VISIBILITY: Record<UploadPurpose, UploadVisibility> = {
  picture: 'private',
  avatar: 'public',
  licence: 'private',
  console: 'public',
};

/**
 * Whose upload a place takes: the signed-in user's own, any of the company's (the console's
 * pictures, shared by its operators), or an anonymous one (the registration's licence).
 */
export type Uploader = { userId: number } | 'company' | 'anonymous';

/** A picture URL sent to be attached, with the field that names it in a refusal. */
export interface PictureField {
  url: string;
  /** The field's Chinese name, as in the messages ('客户资质图片', '头像'). */
  field: string;
  /** The refusal's data (the console's forms: `{ field }`). */
  data?: unknown;
}

/** Part 1, sections 5 and 9: jpeg, png, gif, bmp, at most 5 MB, judged by content. */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;

/** docs/decisions/018: a signed-in user's uploads (the anonymous licence upload is limited per address). */
export const UPLOAD_LIMITS = {
  perUserPerHour: 60,
  bytesPerUserPerDay: 200 * 1024 * 1024,
} as const;
const HOUR = 3600;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The picture check alone, over the upload table: the service's own, and what the benches that
 * build the record services without the app pass them.
 */
export function pictureCheck(uploads: Pick<UploadRepository, 'findMany'>) {
  return {
    /**
     * docs/decisions/062, the one check of every place that takes a picture URL: each upload URL
     * (signed or plain, disk or bucket) must be an upload of this company, by `uploader`, for
     * `purpose`. Another's upload, or none, is refused with `notOwned` (default: "not an upload
     * of this company"); one's own upload of another purpose with "only pictures uploaded here".
     * Answers the URLs that are no upload at all ('/assets/…', 'https://…'), for the caller to
     * judge: the console takes typed addresses, a customer's proof takes none. `tx`: the
     * caller's open transaction, when it checks inside one.
     */
    async requirePictures(
      companyId: number,
      purpose: UploadPurpose,
      uploader: Uploader,
      pictures: PictureField[],
      options: { notOwned?: string; tx?: Executor } = {},
    ): Promise<string[]> {
      const { notOwned, tx } = options;
      // Anything under /uploads/ claims to be an upload, even in a shape no upload has: never a typed address.
      const keyOf = (url: string) => uploadKeyOf(url) ?? (url.startsWith(UPLOAD_PREFIX) ? url.slice(UPLOAD_PREFIX.length) : null);
      const keyed = pictures.map((p) => ({ ...p, key: keyOf(p.url) }));
      const keys = [...new Set(keyed.flatMap((p) => (p.key === null ? [] : [p.key])))];
      const rows = new Map((await uploads.findMany(companyId, keys, tx)).map((r) => [r.storageKey, r]));
      for (const p of keyed) {
        if (p.key === null) continue;
        const row = rows.get(p.key);
        const own =
          row !== undefined &&
          (uploader === 'company' ? true : uploader === 'anonymous' ? row.userId === null : row.userId === uploader.userId);
        // Whose it is first: nothing is told about a picture of someone else.
        if (!own) throw new ValidationError(notOwned ?? messages.upload.notUploaded(p.field), p.data ?? null);
        if (row.purpose !== purpose) throw new ValidationError(messages.upload.wrongPurpose(p.field), p.data ?? null);
      }
      return keyed.filter((p) => p.key === null).map((p) => p.url);
    },
  };
}

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
    async saveImage(companyId: number, userId: number | null, content: Buffer, purpose: UploadPurpose): Promise<{ url: string }> {
      const visibility = PURPOSE_VISIBILITY[purpose];
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
        purpose,
      });
      return { url: visibility === 'private' ? pictures.sign(`${UPLOAD_PREFIX}${key}`) : storage.publicUrl(key) };
    },

    ...pictureCheck(uploads),

    /**
     * Deletes pictures of this company by their URLs (数据保留 and 个人信息请求, docs/decisions/093):
     * the upload rows in the caller's transaction, then the files. Called before that transaction
     * commits: were the commit lost, the next run finds the same rows and removes again (a missing
     * file is no error), so no file outlives its row's anonymisation. Answers the files removed.
     */
    async removePictures(tx: Executor, companyId: number, urls: string[]): Promise<number> {
      const keys = [...new Set(urls.map(uploadKeyOf).filter((key): key is string => key !== null))];
      const rows = await uploads.removeMany(companyId, keys, tx);
      for (const row of rows) await storage.remove(row.storageKey, row.visibility);
      return rows.length;
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
