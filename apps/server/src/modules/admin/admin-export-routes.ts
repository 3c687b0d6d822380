import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@baobei/shared/contract';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { contentDisposition, replyStream, XLSX_CONTENT_TYPE } from '../../lib/excel-stream';
import { fileRouteFrom } from '../../lib/file-route';
import { currentUser } from '../../plugins/auth';
import type { AdminExportService, ExportFile } from './admin-export-service';

/**
 * Sends an export: the headers (the file's name, its row count for the console's progress),
 * then the workbook as it is written. A failure after the first byte can no longer be an
 * envelope: the stream is cut, so the browser sees a failed download, never a broken file
 * saved as complete.
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: ExportFile): FastifyReply {
  const abandoned = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abandoned.abort();
  });
  const out = replyStream();
  file.write(out, abandoned.signal).then(
    () => {
      if (abandoned.signal.aborted) out.destroy();
    },
    (error: unknown) => {
      request.log.error({ err: error }, 'export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(file.fileName))
    .header(EXPORT_ROWS_HEADER, String(file.rows))
    .header('cache-control', 'no-store')
    .send(out);
}

/** 数据导出 (issue 16, item 4; docs/decisions/049): parse, ask the service for the file, stream it. */
export const adminExportRoutes =
  (exports: AdminExportService): FastifyPluginAsync =>
  async (app) => {
    fileRouteFrom(app, api.adminExport.records, async (request, reply) => sendFile(request, reply, await exports.records(currentUser(request), request.query)));
    fileRouteFrom(app, api.adminExport.statistics, async (request, reply) =>
      sendFile(request, reply, await exports.statistics(currentUser(request), request.query)),
    );
    fileRouteFrom(app, api.adminExport.staff, async (request, reply) => sendFile(request, reply, await exports.staff(currentUser(request), request.query)));
    fileRouteFrom(app, api.adminExport.payments, async (request, reply) =>
      sendFile(request, reply, await exports.payments(currentUser(request), request.query)),
    );
  };
