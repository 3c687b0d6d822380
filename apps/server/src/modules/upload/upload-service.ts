import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@baobei/shared/messages';
import { AppError, ValidationError } from '../../lib/errors';
import type { UploadRepository } from './upload-repository';

/** Part 1, sections 5 and 9: jpeg, png, gif, bmp, at most 5 MB, judged by content. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/bmp': 'bmp' };

export function createUploadService(deps: { uploads: UploadRepository; root: string; now?: () => Date }) {
  const { uploads, root } = deps;
  return {
    root,
    /** `userId` null: an anonymous upload (the registration's licence picture). */
    async saveImage(companyId: number, userId: number | null, content: Buffer): Promise<{ url: string }> {
      if (content.length > MAX_UPLOAD_BYTES) throw new AppError(413, messages.upload.tooLarge);
      const type = await fileTypeFromBuffer(content);
      const ext = type ? IMAGE_TYPES[type.mime] : undefined;
      if (!type || !ext) throw new ValidationError(messages.upload.notImage);
      const now = deps.now?.() ?? new Date();
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, key), content, { flag: 'wx' });
      await uploads.insert({
        companyId,
        userId,
        storageKey: key,
        mime: type.mime,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      });
      return { url: `/uploads/${key}` };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
