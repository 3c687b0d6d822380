import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { indexDataSchema } from '@baobei/shared/schemas/house';
import { dbId } from '@baobei/shared/schemas/fields';
import { ok } from '../../lib/envelope';
import type { IndexService } from './index-service';

/** A missing, malformed or unknown city id means the company's default city. */
/** No city (absent, or '' as the client sends before one is chosen) is the default city. */
const indexQuery = z.object({ cityId: z.preprocess((v) => (v === '' ? undefined : v), dbId('城市').optional()) });

export const indexRoutes =
  (index: IndexService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/index/get-index-data',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['index'],
          summary: 'Home data of a city: banners, navigation, columns with listing cards',
          querystring: indexQuery,
          response: { 200: envelopeSchema(indexDataSchema) },
        },
      },
      async (request) => ok(await index.indexData(request.company.id, request.query.cityId)),
    );
  };
