import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageQuerySchema, pageSchema } from '@baobei/shared/schemas/envelope';
import { shareVisitSchema } from '@baobei/shared/schemas/house';
import { shareStatisticsItemSchema, shareVisitItemSchema } from '@baobei/shared/schemas/share';
import {
  shareHouseStatisticsBodySchema,
  shareHouseStatisticsSchema,
  shareStatisticsBodySchema,
  shareUserStatisticsSchema,
} from '@baobei/shared/schemas/statistics';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { ValidationError } from '../../lib/errors';
import { assertCanOpenPage, currentUser } from '../../plugins/auth';
import type { StatsService } from '../stats/stats-service';
import type { ShareService } from './share-service';

/** `recorded` is false for a sharer's own visit, a repeat the same day and past the per-IP limit. */
const recordedSchema = envelopeSchema(z.object({ recorded: z.boolean() }));

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

export const shareRoutes =
  (shares: ShareService, stats: StatsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/add-share-to-visitor',
      {
        config: { auth: 'optional' },
        schema: { tags: ['share'], summary: 'Record a shared-page visit for the visitor', body: shareVisitSchema, response: { 200: recordedSchema } },
      },
      async (request) => ok(await shares.recordVisit(request.company, request.user, request.body, 'VISITOR', clientOf(request))),
    );

    app.post(
      '/api/user/add-share-to-shar',
      {
        config: { auth: 'optional' },
        schema: { tags: ['share'], summary: 'Record a shared-page visit for the sharer', body: shareVisitSchema, response: { 200: recordedSchema } },
      },
      async (request) => ok(await shares.recordVisit(request.company, request.user, request.body, 'SHARER', clientOf(request))),
    );

    // Two pages share these two paths (docs/decisions/012): /my/share without `dateType`,
    // the statistics page (DIANZHANG) with it.

    app.post(
      '/api/user/get-user-share-statistics',
      {
        config: { page: 'myShare' },
        schema: {
          tags: ['share'],
          summary:
            'Without dateType: the signed-in user’s shared listings with visit counts, last visited first. With dateType (statistics, DIANZHANG): visits per sharer of the shop or distributor',
          querystring: pageQuerySchema,
          // /my/share sends `{}` or no body at all (null).
          body: shareStatisticsBodySchema.nullish(),
          response: { 200: envelopeSchema(z.union([pageSchema(shareStatisticsItemSchema), shareUserStatisticsSchema])) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const dateType = request.body?.dateType;
        if (dateType === undefined) return ok(await shares.statistics(request.company, user, request.query));
        assertCanOpenPage('statistics', user.role);
        return ok(await stats.shareByUser(user, { dateType }));
      },
    );

    app.post(
      '/api/user/get-user-share-house-statistics',
      {
        config: { page: 'myShare' },
        schema: {
          tags: ['share'],
          summary:
            'With houseId: the visits of one of the user’s shared listings, newest first. With dateType (statistics, DIANZHANG): visits per listing shared by the shop or distributor',
          querystring: pageQuerySchema,
          body: shareHouseStatisticsBodySchema,
          response: { 200: envelopeSchema(z.union([pageSchema(shareVisitItemSchema), shareHouseStatisticsSchema])) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { dateType, houseId } = request.body;
        if (dateType !== undefined) {
          assertCanOpenPage('statistics', user.role);
          return ok(await stats.shareByHouse(user, { dateType }));
        }
        if (houseId === undefined) throw new ValidationError(messages.common.invalidInput);
        return ok(await shares.houseVisits(request.company, user, houseId, request.query));
      },
    );
  };
