import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { contentDisposition, XLSX_CONTENT_TYPE } from '../../lib/excel-stream';
import { fileRouteFrom } from '../../lib/file-route';
import { currentUser } from '../../plugins/auth';
import type { PrivacyService } from './privacy-service';

/** 个人信息请求 (issue 33 item 4; docs/decisions/093): parse, call the service, answer. */
export const privacyRoutes =
  (privacy: PrivacyService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminPrivacy.find, async (request) => ok(await privacy.find(currentUser(request), request.query.phone)));
    routeFrom(app, api.adminPrivacy.anonymise, async (request) => ok(await privacy.anonymise(currentUser(request), request.body)));
    routeFrom(app, api.adminPrivacy.requests, async (request) => ok(await privacy.requests(currentUser(request), request.query)));
    // One person's rows: a small file, written whole before the first byte.
    fileRouteFrom(app, api.adminPrivacy.export, async (request, reply) => {
      const file = await privacy.exportFile(currentUser(request), request.query.phone);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(file.fileName))
        .header(EXPORT_ROWS_HEADER, String(file.rows))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  };
