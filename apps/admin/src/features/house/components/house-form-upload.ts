import { messages } from '@baobei/shared/messages';
import { errorMessage } from '../../../lib/api-error';
import { uploadPicture } from '../api/house-edit';

/** What the console upload takes (the app's rule, part 1, sections 5 and 9): checked here first, and again by the server by content. */
const TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp']);
const MAX_BYTES = 5 * 1024 * 1024;

/** The reason a file would be refused before sending it, or null. */
export function refusalOf(file: File): string | null {
  if (file.type && !TYPES.has(file.type)) return messages.upload.notImage;
  if (file.size > MAX_BYTES) return messages.upload.tooLarge;
  return null;
}

/** Uploads one picture; resolves to its URL or rejects with the message to show. */
export async function uploadChecked(file: File): Promise<string> {
  const refusal = refusalOf(file);
  if (refusal) throw new Error(refusal);
  try {
    return await uploadPicture(file);
  } catch (error) {
    throw new Error(errorMessage(error, messages.upload.failed), { cause: error });
  }
}

/** A picture address the listing schema takes: a site path or an http(s) URL. */
export const PICTURE_PATTERN = /^(?:\/[\w\-./]+|https?:\/\/[^\s"'<>]+)?$/;
