import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { MAX_IMPORT_BYTES } from '@baobei/shared/rules/excel-import';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { AppError, ValidationError } from '../../lib/errors';
import { contentDisposition, XLSX_CONTENT_TYPE } from '../../lib/excel-stream';
import { fileRouteFrom } from '../../lib/file-route';
import { currentUser } from '../../plugins/auth';
import type { HouseImportService } from './house-import-service';

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
 * The listing import (issue 30, item 4; docs/decisions/083): the template, the dry run and the
 * import. Registered in a scope with multipart parsing (house-module.ts).
 */
export const houseImportRoutes =
  (imports: HouseImportService): FastifyPluginAsync =>
  async (app) => {
    fileRouteFrom(app, api.adminImport.houseTemplate, async (_request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('楼盘导入模板.xlsx'))
        .header('cache-control', 'no-store')
        .send(await imports.template()),
    );

    routeFrom(app, api.adminImport.houseCheck, async (request) => {
      const check = await imports.check(currentUser(request), await workbookOf(request));
      return ok(check, check.errorCount ? text_.checkedWithErrors(check.errorCount) : text_.checked(check.rows));
    });

    routeFrom(
      app,
      api.adminImport.houseImport,
      async (request) => {
        // All or nothing, once: a retried upload answers the first import (the idempotency plugin).
        if (request.headers['idempotency-key'] === undefined) throw new ValidationError(text_.keyMissing);
        const result = await imports.import(currentUser(request), await workbookOf(request));
        return ok(result, text_.imported(result.created, '楼盘'));
      },
      { config: { idempotency: 'admin-house-import' } },
    );
  };
