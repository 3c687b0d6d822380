import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { recordSubmitResultSchema, recordSubmitSchema } from '@baobei/shared/schemas/record';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { RecordService } from './record-service';

export const recordRoutes =
  (records: RecordService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/record/post-record-data',
      {
        config: { page: 'rapidRecord', idempotency: 'record-submit' },
        schema: {
          tags: ['record'],
          summary: 'Report customers for listings (one report per listing and customer); Idempotency-Key accepted',
          body: recordSubmitSchema,
          response: { 200: envelopeSchema(recordSubmitResultSchema) },
        },
      },
      async (request) => {
        const result = await records.submit(request.company, currentUser(request), request.body);
        return ok({ submissionId: result.submissionId, recordIds: result.recordIds }, result.msg, result.msgTitle);
      },
    );
  };
