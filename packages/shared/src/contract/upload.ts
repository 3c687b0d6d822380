import { uploadQuerySchema, uploadResultSchema } from '../schemas/record';
import { required } from './access';
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
};
