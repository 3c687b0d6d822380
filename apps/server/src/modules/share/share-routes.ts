import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageQuerySchema, pageSchema } from '@baobei/shared/schemas/envelope';
import { shareVisitSchema } from '@baobei/shared/schemas/house';
import { shareHouseStatisticsQuerySchema, shareStatisticsItemSchema, shareVisitItemSchema } from '@baobei/shared/schemas/share';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { ShareService } from './share-service';

/** `recorded` is false for a sharer's own visit and for a reload within ten minutes. */
const recordedSchema = envelopeSchema(z.object({ recorded: z.boolean() }));

export const shareRoutes =
  (shares: ShareService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/add-share-to-visitor',
      {
        config: { auth: 'optional' },
        schema: { tags: ['share'], summary: 'Record a shared-page visit for the visitor', body: shareVisitSchema, response: { 200: recordedSchema } },
      },
      async (request) => ok(await shares.recordVisit(request.company.id, request.user, request.body, 'VISITOR')),
    );

    app.post(
      '/api/user/add-share-to-shar',
      {
        config: { auth: 'optional' },
        schema: { tags: ['share'], summary: 'Record a shared-page visit for the sharer', body: shareVisitSchema, response: { 200: recordedSchema } },
      },
      async (request) => ok(await shares.recordVisit(request.company.id, request.user, request.body, 'SHARER')),
    );

    app.post(
      '/api/user/get-user-share-statistics',
      {
        config: { page: 'myShare' },
        schema: {
          tags: ['share'],
          summary: 'The signed-in user’s shared listings with visit counts, last visited first',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(pageSchema(shareStatisticsItemSchema)) },
        },
      },
      async (request) => ok(await shares.statistics(request.company, currentUser(request), request.query)),
    );

    app.post(
      '/api/user/get-user-share-house-statistics',
      {
        config: { page: 'myShare' },
        schema: {
          tags: ['share'],
          summary: 'The visits of one of the user’s shared listings, newest first',
          querystring: pageQuerySchema,
          body: shareHouseStatisticsQuerySchema,
          response: { 200: envelopeSchema(pageSchema(shareVisitItemSchema)) },
        },
      },
      async (request) => ok(await shares.houseVisits(request.company, currentUser(request), request.body.houseId, request.query)),
    );
  };
