import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@baobei/shared/contract';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { contentDisposition, replyStream, XLSX_CONTENT_TYPE } from '../../lib/excel-stream';
import type { ExportGate, ExportSlot } from '../../lib/export-gate';
import { fileRouteFrom } from '../../lib/file-route';
import { currentUser } from '../../plugins/auth';
import type { AdminExportService, ExportFile } from './admin-export-service';

/**
 * Sends an export: the headers (the file's name, its row count for the console's progress),
 * then the workbook as it is written. A failure after the first byte can no longer be an
 * envelope: the stream is cut, so the browser sees a failed download, never a broken file
 * saved as complete.
 *
 * The export's slot (docs/decisions/060) is released on every way out: when the file is
 * written, before its last byte is let go (so the operator who has the file can start the
 * next at once), when writing fails, and when the download is abandoned.
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: ExportFile, slot: ExportSlot): FastifyReply {
  const abandoned = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abandoned.abort();
  });
  // The workbook writes into `book`, piped (with its backpressure) into the reply's body, which
  // is ended only once the slot is free.
  const book = new PassThrough();
  const out = replyStream();
  book.pipe(out, { end: false });
  const release = () =>
    slot.release().catch((error: unknown) => request.log.warn({ err: error }, 'export slot not released'));
  file.write(book, abandoned.signal).then(
    async () => {
      if (abandoned.signal.aborted) {
        await release();
        out.destroy();
        return;
      }
      if (!book.readableEnded) await once(book, 'end', { signal: abandoned.signal }).catch(() => undefined);
      await release();
      out.end();
    },
    async (error: unknown) => {
      request.log.error({ err: error }, 'export failed while streaming');
      await release();
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

/**
 * 数据导出 (issue 16, item 4; docs/decisions/049): take a slot (429 while the operator's other
 * export runs, or the server's share of them, docs/decisions/060), ask the service for the
 * file (its refusals free the slot), stream it.
 */
export const adminExportRoutes =
  (exports: AdminExportService, gate: ExportGate): FastifyPluginAsync =>
  async (app) => {
    async function send(request: FastifyRequest, reply: FastifyReply, make: () => Promise<ExportFile>): Promise<FastifyReply> {
      const slot = await gate.acquire(currentUser(request));
      let file: ExportFile;
      try {
        file = await make();
      } catch (error) {
        await slot.release();
        throw error;
      }
      return sendFile(request, reply, file, slot);
    }
    fileRouteFrom(app, api.adminExport.records, async (request, reply) => send(request, reply, () => exports.records(currentUser(request), request.query)));
    fileRouteFrom(app, api.adminExport.statistics, async (request, reply) =>
      send(request, reply, () => exports.statistics(currentUser(request), request.query)),
    );
    fileRouteFrom(app, api.adminExport.staff, async (request, reply) => send(request, reply, () => exports.staff(currentUser(request), request.query)));
    fileRouteFrom(app, api.adminExport.statement, async (request, reply) =>
      send(request, reply, () => exports.statement(currentUser(request), request.query)),
    );
    fileRouteFrom(app, api.adminExport.dashboard, async (request, reply) =>
      send(request, reply, () => exports.dashboard(currentUser(request), request.query)),
    );
    fileRouteFrom(app, api.adminAccessLog.export, async (request, reply) =>
      send(request, reply, () => exports.accessLog(currentUser(request), request.query)),
    );
    fileRouteFrom(app, api.adminExport.payments, async (request, reply) =>
      send(request, reply, () => exports.payments(currentUser(request), request.query)),
    );
  };
