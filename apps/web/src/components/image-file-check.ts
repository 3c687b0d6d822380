import { messages } from '@baobei/shared/messages';

/** Part 1, section 5, 'Image upload': at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/bmp', 'image/x-ms-bmp']);
const IMAGE_EXTENSIONS = new Set(['jpeg', 'jpg', 'png', 'gif', 'bmp']);

/**
 * Part 1, section 5: jpeg, png, gif, bmp or jpg. The MIME type decides when the browser gives
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
