import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminBatchMessages, adminRecordMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminRecordDetail, AdminRecordList } from '@baobei/shared/schemas/admin-record';
import type { AdminRecordService } from './admin-record-service';

/** 报备管理 (issue 16, item 3; docs/decisions/048): parse, call the service, answer. */
export const adminRecordRoutes =
  (records: AdminRecordService): FastifyPluginAsync =>
  async (app) => {
    // docs/decisions/092: the table and the drawer show the number as entered (a MASKED listing's hidden).
    const { shows } = app.piiAccess;
    routeFrom(app, api.adminRecord.list, async (request) => ok(await records.list(currentUser(request), request.query)), {
      onAnswer: shows((d: AdminRecordList) => d.list.map((r) => ({ phone: r.customerPhone, recordId: r.id }))),
    });
    routeFrom(app, api.adminRecord.get, async (request) => ok(await records.get(currentUser(request), request.query.id)), {
      onAnswer: shows((d: AdminRecordDetail) => [{ phone: d.customerPhone, recordId: d.id }]),
    });
    routeFrom(app, api.adminRecord.options, async (request) => ok(await records.options(currentUser(request), request.query)));
    // Issue 30, item 3: 批量更换审核员.
    routeFrom(app, api.adminBatch.reassignRecords, async (request) => {
      const result = await records.reassignMany(currentUser(request), request.body);
      return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
    });
    routeFrom(app, api.adminRecord.reassign, async (request) => ok(await records.reassign(currentUser(request), request.body), text_.reassigned));
    routeFrom(app, api.adminRecord.reopen, async (request) => ok(await records.reopen(currentUser(request), request.body), text_.reopened));
  };
