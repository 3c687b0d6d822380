import { z } from 'zod';
import {
  adminBannerListSchema,
  adminBannerSchema,
  adminCityListSchema,
  adminCitySchema,
  adminColumnListSchema,
  adminColumnSchema,
  adminNavListSchema,
  adminNavSchema,
  createBannerSchema,
  createCitySchema,
  createColumnSchema,
  createNavSchema,
  homeIdVersionSchema,
  homeListQuerySchema,
  homeReorderSchema,
  updateBannerSchema,
  updateCitySchema,
  updateColumnSchema,
  updateNavSchema,
} from '../schemas/admin-home';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The console's home content (issue 15, item 5; docs/decisions/042), under /api/admin/home/.
 * Every call acts on the host's company for both console roles (as the listings): a row of
 * another company is 404. Changes name the version read (409 with { reload, version } when
 * stale), creates take an Idempotency-Key, and each change writes an audit row.
 */

function contentCalls<const P extends string, L extends z.ZodType, I extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  path: P,
  what: string,
  schemas: { list: L; item: I; create: C; update: U },
) {
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `/api/admin/home/${path}/list`,
      tags: ['admin'],
      summary: `${what}: a city's as the app shows them there (its own and every city's, in order), or every one`,
      query: homeListQuerySchema,
      data: schemas.list,
      access: consoleRead('home'),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `/api/admin/home/${path}/create`,
      tags: ['admin'],
      summary: `Add ${what} (last in its list unless a sort is given); Idempotency-Key accepted`,
      body: schemas.create,
      data: schemas.item,
      access: consoleWrite('home'),
    }),
    update: defineEndpoint({
      method: 'POST',
      path: `/api/admin/home/${path}/update`,
      tags: ['admin'],
      summary: `Change ${what}; 409 with { reload, version } on a stale version`,
      body: schemas.update,
      data: schemas.item,
      access: consoleWrite('home'),
    }),
    remove: defineEndpoint({
      method: 'POST',
      path: `/api/admin/home/${path}/delete`,
      tags: ['admin'],
      summary: `Delete ${what}; 409 on a stale version`,
      body: homeIdVersionSchema,
      data: z.null(),
      access: consoleWrite('home'),
    }),
    reorder: defineEndpoint({
      method: 'POST',
      path: `/api/admin/home/${path}/reorder`,
      tags: ['admin'],
      summary: `Put ${what} of a list in the given order (every row of the list, with its version; 409 when stale)`,
      body: homeReorderSchema,
      data: schemas.list,
      access: consoleWrite('home'),
    }),
  };
}

export const adminHomeBannerApi = contentCalls('banner', 'banners', {
  list: adminBannerListSchema,
  item: adminBannerSchema,
  create: createBannerSchema,
  update: updateBannerSchema,
});
export const adminHomeNavApi = contentCalls('nav', 'navigation grid items', {
  list: adminNavListSchema,
  item: adminNavSchema,
  create: createNavSchema,
  update: updateNavSchema,
});
export const adminHomeColumnApi = contentCalls('column', 'columns', {
  list: adminColumnListSchema,
  item: adminColumnSchema,
  create: createColumnSchema,
  update: updateColumnSchema,
});

export const adminHomeCityApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/home/city/list',
    tags: ['admin'],
    summary: "The company's provinces and cities with their enabled switch, the default city and versions",
    data: adminCityListSchema,
    access: consoleRead('base'),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/home/city/create',
    tags: ['admin'],
    summary: "A province, or a city under one, with its centre and order (a company's first city becomes its default)",
    body: createCitySchema,
    data: adminCitySchema,
    access: consoleWrite('base'),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/admin/home/city/update',
    tags: ['admin'],
    summary: 'Enable or disable a city, make it the default, rename it, move its centre or change its order; 409 on a stale version',
    body: updateCitySchema,
    data: adminCitySchema,
    access: consoleWrite('base'),
  }),
};
