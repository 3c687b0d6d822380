import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { uploadResultSchema } from '@baobei/shared/schemas/record';
import { ok } from '../../lib/envelope';
import { AppError, ValidationError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import type { UploadService } from './upload-service';

/** The multipart field `file` of an upload call, whole; 400 without one, 413 over the limit. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError(messages.recordServer.uploadMissing);
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new ValidationError(messages.recordServer.uploadMissing);
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, messages.upload.tooLarge);
    throw error;
  }
  if (file.file.truncated) throw new AppError(413, messages.upload.tooLarge);
  return content;
}

export const uploadRoutes =
  (uploads: UploadService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/upload/index',
      {
        config: { idempotency: 'upload' },
        schema: {
          tags: ['upload'],
          summary: 'Upload one image (multipart field `file`): jpeg, png, gif or bmp by content, at most 5 MB',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(uploadResultSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const content = await readUploadedFile(request);
        return ok(await uploads.saveImage(request.company.id, user.id, content), messages.recordServer.uploadSuccess);
      },
    );
  };
