import { z } from 'zod';
import { cursors, keysetPageQuerySchema, keysetPageSchema } from '../schemas/cursor';
import { pageQuerySchema, pageSchema } from '../schemas/envelope';
import { dbId } from '../schemas/fields';
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
} from '../schemas/house';
import { houseRef } from './access';
import { defineEndpoint } from './endpoint';

/** A missing body reads as "no filters" (every field of the schema falls back on its own). */
const filtersBody = z.preprocess(
  (body: z.input<typeof houseListFiltersSchema> | null | undefined) => body ?? {},
  houseListFiltersSchema,
);

/** Listings: the list and its filters, the detail, commission policies, favourites. */
export const houseApi = {
  getHouseList: defineEndpoint({
    method: 'POST',
    path: '/api/index/get-house-list',
    tags: ['house'],
    summary: 'House list: keyword, area, price, feature, status; protection and commission when signed in',
    query: keysetPageQuerySchema(cursors.house),
    body: filtersBody,
    data: keysetPageSchema(houseListItemSchema),
    access: { auth: 'optional' },
  }),
  getHouseData: defineEndpoint({
    method: 'POST',
    path: '/api/index/get-house-data',
    tags: ['house'],
    summary: 'House detail; commission and protection when signed in; the sharer with shareUser',
    body: houseDetailQuerySchema,
    data: houseDetailSchema,
    access: { auth: 'optional', object: houseRef('body', 'id') },
  }),
  policyPropertyGroup: defineEndpoint({
    method: 'GET',
    path: '/api/index/policy-property-group',
    tags: ['house'],
    summary: 'Commission policies of a listing counted by property type',
    query: z.object({ buildingId: dbId('楼盘') }),
    data: policyGroupSchema,
    access: { auth: 'required', object: houseRef('query', 'buildingId') },
  }),
  commissionPolicyList: defineEndpoint({
    method: 'POST',
    path: '/api/index/commission-policy-list',
    tags: ['house'],
    summary: 'Commission policies of one property type, current first',
    query: pageQuerySchema,
    body: commissionPolicyQuerySchema,
    data: pageSchema(commissionPolicyItemSchema),
    access: { auth: 'required', object: houseRef('body', 'buildingId') },
  }),
  favoriteHouse: defineEndpoint({
    method: 'POST',
    path: '/api/user/favorite-house',
    tags: ['house'],
    summary: 'Favourite (status 1) or unfavourite (status 0) a listing',
    body: favoriteToggleSchema,
    data: favoriteToggleResultSchema,
    access: { auth: 'required', object: houseRef('body', 'id') },
  }),
  favoriteHouseList: defineEndpoint({
    method: 'POST',
    path: '/api/user/favorite-house-list',
    tags: ['house'],
    summary: 'The signed-in user’s favourites, newest first',
    query: keysetPageQuerySchema(cursors.favorite),
    data: keysetPageSchema(favoriteItemSchema),
    access: { auth: 'required', page: 'favorite' },
  }),
};
