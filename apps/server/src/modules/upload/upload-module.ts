import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createUploadRepository } from './upload-repository';
import { uploadFileRoutes, uploadRoutes } from './upload-routes';
import { createUploadService, MAX_UPLOAD_BYTES, type UploadService } from './upload-service';

declare module 'fastify' {
  interface FastifyInstance {
    uploadService: UploadService;
  }
}

/** Multipart parsing for the routes of one scope that take a file. */
export const MULTIPART_OPTIONS = {
  // One byte over the limit is enough to tell "too large" (413) from "exactly 5 MB".
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5 },
};

/**
 * Uploads, and the uploaded files: public ones to anyone, private ones by a signed URL only
 * (decision 018), on this server's disk or in an S3 bucket (STORAGE).
 */
export const uploadModule = fp<ModuleOptions>(
  async (app, { db, limiter, pictures, storage, readiness }) => {
    if (storage.kind === 'disk') mkdirSync(storage.root, { recursive: true });
    else readiness.register('storage', () => storage.check());
    const service = createUploadService({ uploads: createUploadRepository(db), storage, limiter, pictures });
    app.decorate('uploadService', service);
    await app.register(async (scope) => {
      await scope.register(multipart, MULTIPART_OPTIONS);
      await scope.register(uploadRoutes(service));
    });
    await app.register(uploadFileRoutes(service));
  },
  { name: 'upload-module' },
);
