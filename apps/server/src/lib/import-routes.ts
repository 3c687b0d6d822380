import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Endpoint } from '@baobei/shared/contract/endpoint';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { MAX_IMPORT_BYTES } from '@baobei/shared/rules/excel-import';
import type { ImportCheck, ImportResult, importCheckSchema, importResultSchema } from '@baobei/shared/schemas/admin-import';
import { currentUser } from '../plugins/auth';
import { ok } from './envelope';
import { routeFrom } from './endpoint-route';
import { AppError, ValidationError } from './errors';
import { contentDisposition, XLSX_CONTENT_TYPE } from './excel-stream';
import { fileRouteFrom } from './file-route';
import { importTemplate } from './excel-import';
import type { Db, Executor } from '../db/client';
import type { ImportSheet } from '@baobei/shared/rules/excel-import';

/** The signed-in console account an import acts for. */
type Actor = ReturnType<typeof currentUser>;

/** What a module's import offers the routes (issue 30, item 4; docs/decisions/083). */
export interface ImportService {
  template(): Promise<Buffer>;
  /** The dry run: reads and checks, writes nothing. */
  check(actor: Actor, file: Buffer): Promise<ImportCheck>;
  /** Every row or none (400 with the dry run's list). */
  import(actor: Actor, file: Buffer): Promise<ImportResult>;
}

/**
 * One kind of import's service from its two parts: `plan` reads and checks the workbook (in the
 * executor given: the import's transaction, or the database for the dry run) and answers the dry
 * run's list with what it would write; `write` writes it. The import plans again inside its
 * transaction and writes nothing when any row has an error (400 with the list).
 */
export function importService<P extends { check: ImportCheck }>(options: {
  db: Db;
  sheets: readonly ImportSheet[];
  plan: (x: Executor, companyId: number, file: Buffer) => Promise<P>;
  write: (tx: Executor, actor: Actor, planned: P) => Promise<ImportResult>;
}): ImportService {
  const { db, sheets, plan, write } = options;
  return {
    template: () => importTemplate(sheets),
    check: async (actor, file) => (await plan(db, actor.companyId, file)).check,
    import: (actor, file) =>
      db.transaction(async (tx) => {
        const planned = await plan(tx, actor.companyId, file);
        if (planned.check.errorCount > 0) throw new ValidationError(text_.hasErrors(planned.check.errorCount), planned.check);
        return write(tx, actor, planned);
      }),
  };
}

/** The three calls of one kind of import (contract/admin-import.ts). */
export interface ImportEndpoints {
  template: Endpoint & { file: true };
  check: Endpoint & { multipart: true; data: typeof importCheckSchema };
  run: Endpoint & { multipart: true; data: typeof importResultSchema };
}

/** The workbook of an import call: the multipart field `file`, whole (400 without one, 413 over MAX_IMPORT_BYTES). */
async function workbookOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError(text_.fileMissing);
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new ValidationError(text_.fileMissing);
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, text_.fileTooLarge);
    throw error;
  }
  if (file.file.truncated || content.length > MAX_IMPORT_BYTES) throw new AppError(413, text_.fileTooLarge);
  return content;
}

/**
 * One kind of import's routes, in a scope of their own with multipart parsing: the template (a
 * file named `fileName`), the dry run and the import, which wants an Idempotency-Key (`name`
 * scopes it) so a retried upload answers the first import instead of importing twice.
 */
export function importRoutes(options: { endpoints: ImportEndpoints; service: ImportService; fileName: string; what: string; name: string }): FastifyPluginAsync {
  const { endpoints, service, fileName, what, name } = options;
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 5 } });

    fileRouteFrom(app, endpoints.template, async (_request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(await service.template()),
    );

    routeFrom(app, endpoints.check, async (request) => {
      const check = await service.check(currentUser(request), await workbookOf(request));
      return ok(check, check.errorCount ? text_.checkedWithErrors(check.errorCount) : text_.checked(check.rows));
    });

    routeFrom(
      app,
      endpoints.run,
      async (request) => {
        if (request.headers['idempotency-key'] === undefined) throw new ValidationError(text_.keyMissing);
        const result = await service.import(currentUser(request), await workbookOf(request));
        return ok(result, text_.imported(result.created, what));
      },
      { config: { idempotency: name } },
    );
  };
}
