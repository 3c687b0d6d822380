import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageQuerySchema, pageSchema } from '@baobei/shared/schemas/envelope';
import { dbId } from '@baobei/shared/schemas/fields';
import {
  commissionPolicyItemSchema,
  commissionPolicyQuerySchema,
  favoriteItemSchema,
  favoriteToggleResultSchema,
  favoriteToggleSchema,
  houseDetailQuerySchema,
  houseDetailSchema,
  houseListFiltersSchema,
  houseListItemSchema,
  policyGroupSchema,
  searchInfoSchema,
} from '@baobei/shared/schemas/house';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { HouseService } from './house-service';

/** A missing body reads as "no filters" (every field of the schema falls back on its own). */
const filtersBody = z.preprocess((body) => body ?? {}, houseListFiltersSchema);

export const houseRoutes =
  (houses: HouseService): FastifyPluginAsyncZod =>
  async (app) => {
    // The spec's catalogue lists it under POST, the listing contract under GET: both answer.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/index/get-search-info',
      config: { auth: 'optional' },
      schema: { tags: ['house'], summary: 'Filter options of the house list', response: { 200: envelopeSchema(searchInfoSchema) } },
      handler: async (request) => ok(await houses.searchInfo(request.company.id)),
    });

    app.post(
      '/api/index/get-house-list',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['house'],
          summary: 'House list: keyword, area, price, feature, status; protection and commission when signed in',
          querystring: pageQuerySchema,
          body: filtersBody,
          response: { 200: envelopeSchema(pageSchema(houseListItemSchema)) },
        },
      },
      async (request) => ok(await houses.list(request.company, request.user, request.body, request.query)),
    );

    app.post(
      '/api/index/get-house-data',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['house'],
          summary: 'House detail; commission and protection when signed in; the sharer with shareUser',
          body: houseDetailQuerySchema,
          response: { 200: envelopeSchema(houseDetailSchema) },
        },
      },
      async (request) => ok(await houses.detail(request.company, request.user, request.body)),
    );

    app.get(
      '/api/index/policy-property-group',
      {
        schema: {
          tags: ['house'],
          summary: 'Commission policies of a listing counted by property type',
          querystring: z.object({ buildingId: dbId('楼盘') }),
          response: { 200: envelopeSchema(policyGroupSchema) },
        },
      },
      async (request) => ok(await houses.policyGroups(request.company.id, request.query.buildingId)),
    );

    app.post(
      '/api/index/commission-policy-list',
      {
        schema: {
          tags: ['house'],
          summary: 'Commission policies of one property type, current first',
          querystring: pageQuerySchema,
          body: commissionPolicyQuerySchema,
          response: { 200: envelopeSchema(pageSchema(commissionPolicyItemSchema)) },
        },
      },
      async (request) => ok(await houses.policyList(request.company, request.body, request.query)),
    );

    app.post(
      '/api/user/favorite-house',
      {
        schema: {
          tags: ['house'],
          summary: 'Favourite (status 1) or unfavourite (status 0) a listing',
          body: favoriteToggleSchema,
          response: { 200: envelopeSchema(favoriteToggleResultSchema) },
        },
      },
      async (request) => {
        const result = await houses.toggleFavorite(request.company.id, currentUser(request), request.body);
        return ok(result, result.isFavorite ? messages.house.favoriteAdded : messages.house.favoriteRemoved);
      },
    );

    app.post(
      '/api/user/favorite-house-list',
      {
        config: { page: 'favorite' },
        schema: {
          tags: ['house'],
          summary: 'The signed-in user’s favourites, newest first',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(pageSchema(favoriteItemSchema)) },
        },
      },
      async (request) => ok(await houses.favoriteList(request.company, currentUser(request), request.query)),
    );
  };
