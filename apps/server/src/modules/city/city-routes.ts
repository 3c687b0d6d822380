import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { locatedCitySchema, locateQuerySchema } from '@baobei/shared/schemas/house';
import { cityNodeSchema } from '@baobei/shared/schemas/session';
import { ok } from '../../lib/envelope';
import type { CityService } from './city-service';

export const cityRoutes =
  (cities: CityService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/publicapi/get-city',
      {
        config: { auth: 'none' },
        schema: { tags: ['city'], summary: 'The city tree (empty children are null)', response: { 200: envelopeSchema(z.array(cityNodeSchema)) } },
      },
      async (request) => ok(await cities.tree(request.company.id)),
    );

    app.get(
      '/api/index/get-city-by-location',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['city'],
          summary: 'The nearest city to a position (city centres; no external service)',
          querystring: locateQuerySchema,
          response: { 200: envelopeSchema(locatedCitySchema) },
        },
      },
      async (request) => ok(await cities.nearest(request.company.id, request.query)),
    );
  };
