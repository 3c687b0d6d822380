import { uploadQuerySchema, uploadResultSchema } from '../schemas/record';
import { consoleWrite, required } from './access';
import { defineEndpoint } from './endpoint';

/** Picture uploads (docs/decisions/018). */
export const uploadApi = {
  index: defineEndpoint({
    method: 'POST',
    path: '/api/upload/index',
    tags: ['upload'],
    summary:
      'Upload one image (multipart field `file`): jpeg, png, gif or bmp by content, at most 5 MB and 40 megapixels; ' +
      'stored re-encoded without metadata. `purpose=avatar` is public; otherwise private, answered as a signed URL',
    multipart: true,
    query: uploadQuerySchema,
    data: uploadResultSchema,
    access: required,
  }),
  /**
   * The console's upload (docs/decisions/043): listing pictures (album, unit types, main
   * picture) and brand pictures are shown to everyone in the app, so they are public; the same
   * checks and limits as the app's upload, stored in the host's company.
   */
  admin: defineEndpoint({
    method: 'POST',
    path: '/api/admin/upload/index',
    tags: ['admin', 'upload'],
    summary:
      'Console: upload one public picture (multipart field `file`): jpeg, png, gif or bmp by content, at most 5 MB and ' +
      '40 megapixels, re-encoded without metadata; answers its public URL',
    multipart: true,
    data: uploadResultSchema,
    access: consoleWrite('houses'),
  }),
  /**
   * The console's private proof (docs/decisions/085): a deal's contract picture recorded in the
   * console is the operator's own private upload, as the phone's proofs are (decision 062).
   */
  adminProof: defineEndpoint({
    method: 'POST',
    path: '/api/admin/upload/proof',
    tags: ['admin', 'upload'],
    summary:
      'Console: upload one private proof picture (multipart field `file`, a deal’s contract): the same checks and limits as ' +
      '/api/upload/index; answers a signed URL; attachable only by the same operator',
    multipart: true,
    data: uploadResultSchema,
    access: consoleWrite('deals'),
  }),
};
