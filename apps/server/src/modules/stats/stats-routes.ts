import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { houseStatisticsSchema, recordStatisticsSchema, staffStatisticsSchema, statisticsQuerySchema } from '@baobei/shared/schemas/statistics';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { StatsService } from './stats-service';

const tags = ['statistics'];

/**
 * The report statistics of /subDistributor/statistics (part 2, section 7; docs/decisions/012),
 * for whoever may open that page (DIANZHANG). The two share statistics live on the share
 * routes, whose paths /my/share uses too.
 */
export const statsRoutes =
  (stats: StatsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/record/get-record-statics',
      {
        config: { page: 'statistics' },
        schema: {
          tags,
          summary: 'Reports of the shop or distributor in a period: per status, the funnel, and per day',
          body: statisticsQuerySchema,
          response: { 200: envelopeSchema(recordStatisticsSchema) },
        },
      },
      async (request) => ok(await stats.recordStatistics(currentUser(request), request.body)),
    );

    app.post(
      '/api/record/get-user-to-record-statics',
      {
        config: { page: 'statistics' },
        schema: {
          tags,
          summary: 'The funnel of each staff member with reports in the period, most reports first',
          body: statisticsQuerySchema,
          response: { 200: envelopeSchema(staffStatisticsSchema) },
        },
      },
      async (request) => ok(await stats.staffStatistics(currentUser(request), request.body)),
    );

    app.post(
      '/api/record/get-house-to-record-statics',
      {
        config: { page: 'statistics' },
        schema: {
          tags,
          summary: 'The funnel of each listing with reports in the period, most reports first',
          body: statisticsQuerySchema,
          response: { 200: envelopeSchema(houseStatisticsSchema) },
        },
      },
      async (request) => ok(await stats.houseStatistics(currentUser(request), request.body)),
    );
  };
