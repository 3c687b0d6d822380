import type { uploadResultSchema } from '@baobei/shared/schemas/record';
import { apiPost } from './api-client';

export type UploadResult = ReturnType<typeof uploadResultSchema.parse>;

/**
 * `POST /api/upload/index` (multipart `file`) → { url }; the registration form's licence picture
 * goes to the anonymous `POST /api/publicapi/upload-licence` instead. The api client sends FormData as is
 * (the browser sets the multipart boundary) and keeps the envelope and 401 handling. Quiet:
 * the uploader says '图片上传失败，请检查网络' itself instead of the generic dialog.
 */
export function uploadImage(file: File, path = '/api/upload/index'): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<UploadResult>(path, form, { quiet: true });
}
