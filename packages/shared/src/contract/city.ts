import { z } from 'zod';
import { locatedCitySchema, locateQuerySchema } from '../schemas/house';
import { cityNodeSchema } from '../schemas/session';
import { none } from './access';
import { defineEndpoint } from './endpoint';

/** Cities: the tree of part 1's city picker and the nearest city to a position. */
export const cityApi = {
  getCity: defineEndpoint({
    method: 'GET',
    path: '/api/publicapi/get-city',
    tags: ['city'],
    summary: 'The city tree (empty children are null)',
    data: z.array(cityNodeSchema),
    access: none,
  }),
  getCityByLocation: defineEndpoint({
    method: 'GET',
    path: '/api/index/get-city-by-location',
    tags: ['city'],
    summary: 'The nearest city to a position (city centres; no external service)',
    query: locateQuerySchema,
    data: locatedCitySchema,
    access: none,
  }),
};
