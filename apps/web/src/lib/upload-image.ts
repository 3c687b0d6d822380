import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { call } from './api-client';

export type UploadResult = DataOf<typeof api.upload.index>;

/** Sends an upload's form (its `file`) and answers the picture's { url }. */
export type Uploader = (form: FormData) => Promise<UploadResult>;

/**
 * Quiet: the uploader says '图片上传失败，请检查网络' itself instead of the generic dialog.
 * The api client sends FormData as is (the browser sets the multipart boundary) and keeps the
 * envelope and 401 handling.
 */
export const QUIET_UPLOAD = { quiet: true } as const;

/**
 * A picture (a customer's proof, a report image): private, answered as a short-lived signed
 * URL, which the client shows and sends back as it is (the server stores it without the
 * signature) (docs/decisions/018).
 */
export const uploadPicture: Uploader = (form) => call(api.upload.index, { form, query: {} }, QUIET_UPLOAD);

/** The avatar's upload: a public picture, shown to others (docs/decisions/018). */
export const uploadAvatar: Uploader = (form) => call(api.upload.index, { form, query: { purpose: 'avatar' } }, QUIET_UPLOAD);

/** Uploads one image (multipart `file`) → { url }, through `send` (a private picture by default). */
export function uploadImage(file: File, send: Uploader = uploadPicture): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return send(form);
}
