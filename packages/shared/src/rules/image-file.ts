import { messages } from '../messages';

/**
 * Part 1, sections 5 and 9, 'Image upload': jpeg, png, gif, bmp or jpg, at most 5 MB. One rule
 * for the server (which judges the content), the mobile app and the console (which check a
 * picked file first, to spare a pointless upload).
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What the server stores, as it reads the content (file-type's MIME names). */
export const STORED_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp']);

/** The file pickers' `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp';

/** The MIME types browsers and WeChat give those files. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/bmp', 'image/x-ms-bmp']);
const IMAGE_EXTENSIONS = new Set(['jpeg', 'jpg', 'png', 'gif', 'bmp']);

/**
 * The MIME type decides when the browser gives
 * one; WeChat's picker sometimes gives none, then the extension does. The server checks the
 * content again, so this only spares the user a pointless upload.
 */
export function isAllowedImage(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type) return IMAGE_TYPES.has(type);
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return file.name.includes('.') && IMAGE_EXTENSIONS.has(extension);
}

/** The message that refuses a picked file before upload, or null when it may go. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!isAllowedImage(file)) return messages.upload.notImage;
  if (file.size > MAX_IMAGE_BYTES) return messages.upload.tooLarge;
  return null;
}
