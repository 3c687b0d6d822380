import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { RecordService } from './record-service';

export const recordRoutes =
  (records: RecordService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(
      app,
      api.record.postRecordData,
      async (request) => {
        const result = await records.submit(request.company, currentUser(request), request.body);
        return ok({ submissionId: result.submissionId, recordIds: result.recordIds }, result.msg, result.msgTitle);
      },
      { config: { idempotency: 'record-submit' } },
    );
  };
