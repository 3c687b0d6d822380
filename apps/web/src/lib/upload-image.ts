import type { uploadResultSchema } from '@baobei/shared/schemas/record';
import { apiPost } from './api-client';

export type UploadResult = ReturnType<typeof uploadResultSchema.parse>;

/** The avatar's upload: a public picture, shown to others (docs/decisions/018). */
export const AVATAR_UPLOAD_PATH = '/api/upload/index?purpose=avatar';

/**
 * `POST /api/upload/index` (multipart `file`) → { url }. Pictures are private unless uploaded
 * as an avatar (AVATAR_UPLOAD_PATH): the answer is then a short-lived signed URL, which the
 * client shows and sends back as it is (the server stores it without the signature).
 * The registration form's licence picture
 * goes to the anonymous `POST /api/publicapi/upload-licence` instead. The api client sends FormData as is
 * (the browser sets the multipart boundary) and keeps the envelope and 401 handling. Quiet:
 * the uploader says '图片上传失败，请检查网络' itself instead of the generic dialog.
 */
export function uploadImage(file: File, path = '/api/upload/index'): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<UploadResult>(path, form, { quiet: true });
}
