import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { envelope, ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { AppError, ValidationError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { PUBLIC_PICTURE_CACHE } from './storage/upload-storage';
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
  (uploads: UploadService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(
      app,
      api.upload.index,
      async (request) => {
        const user = currentUser(request);
        const content = await readUploadedFile(request);
        // docs/decisions/062: an avatar (public) is attachable as an avatar only; anything else is a private proof.
        const purpose = request.query.purpose === 'avatar' ? 'avatar' : 'picture';
        return ok(await uploads.saveImage(request.company.id, user.id, content, purpose), messages.recordServer.uploadSuccess);
      },
      { config: { idempotency: 'upload' } },
    );
    // The console's pictures (docs/decisions/043): public, in the host's company (a console token is valid on its own company's host only).
    routeFrom(
      app,
      api.upload.admin,
      async (request) => {
        const user = currentUser(request);
        const content = await readUploadedFile(request);
        return ok(await uploads.saveImage(request.company.id, user.id, content, 'console'), messages.recordServer.uploadSuccess);
      },
      { config: { idempotency: 'admin-upload' } },
    );
    // A deal's contract from the console (docs/decisions/085): a private proof of the operator, as the phone's.
    routeFrom(
      app,
      api.upload.adminProof,
      async (request) => {
        const user = currentUser(request);
        const content = await readUploadedFile(request);
        return ok(await uploads.saveImage(request.company.id, user.id, content, 'picture'), messages.recordServer.uploadSuccess);
      },
      { config: { idempotency: 'admin-proof-upload' } },
    );
  };

/** How long a browser keeps the redirect of a public picture in a bucket (docs/decisions/098). */
export const PUBLIC_REDIRECT_CACHE = 'public, max-age=86400';

/** Stored names: '<yyyy>/<mm>/<random>.<ext>'; anything else (a folder) is not found. */
const STORED_PATH = /^\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|gif|bmp))$/;

/**
 * GET /uploads/<key> (docs/decisions/018): a public picture to anyone, cacheable for good
 * (its name is never reused); a private one only with a valid signature (404 without one,
 * 403 when expired or forged), cached by the browser alone and no longer than the link lives.
 * With the pictures in S3 the same checks answer a redirect: a public picture to its public
 * URL of the day (kept a day, not for good: decision 098), a signed private one to a presigned URL of the bucket (a stored '/uploads/<key>' path,
 * such as an avatar, keeps working on every instance).
 */
export const uploadFileRoutes =
  (uploads: UploadService): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0]!.slice('/uploads'.length);
      const key = STORED_PATH.exec(pathname)?.[1];
      const query = request.query as Record<string, unknown>;
      const access = key ? await uploads.access(key, query.exp, query.sig) : 'not-found';
      if (access === 'not-found') return reply.status(404).send(envelope(404, null, messages.common.notFound));
      if (access === 'forbidden') return reply.status(403).send(envelope(403, null, messages.common.forbidden));
      if (access === 'expired') return reply.status(403).send(envelope(403, null, messages.upload.linkExpired));
      const { storage } = uploads;
      if (storage.kind === 's3') {
        // A public picture's address follows the storage settings of the day (docs/decisions/098):
        // a redirect kept for a day, so a new bucket or CDN reaches old links too; a private one's
        // lasts no longer than the link.
        if (access === 'public') return reply.header('cache-control', PUBLIC_REDIRECT_CACHE).redirect(storage.publicUrl(key!), 302);
        reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
        return reply.redirect(uploads.privateUrl(key!), 302);
      }
      if (access === 'public') {
        reply.header('cache-control', PUBLIC_PICTURE_CACHE);
      } else {
        const seconds = Math.max(0, Math.min(3600, Number(query.exp) - Math.floor(Date.now() / 1000)));
        reply.header('cache-control', `private, max-age=${seconds}`);
        reply.header('referrer-policy', 'no-referrer');
      }
    });
    // In S3 the hook above answers every request (a redirect or a refusal); the route gives it one to run on.
    if (uploads.storage.kind === 's3') {
      app.get('/uploads/*', async (_request, reply) => reply.status(404).send(envelope(404, null, messages.common.notFound)));
      return;
    }
    // Uploaded files only: no directory listing, no index pages; a missing file is a 404.
    await app.register(fastifyStatic, {
      root: uploads.storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      cacheControl: false,
      allowedPath: (pathName) => STORED_PATH.test(pathName),
    });
  };
