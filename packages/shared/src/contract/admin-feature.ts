import { adminFeatureListSchema, adminFeatureSchema, createFeatureSchema, reorderFeaturesSchema, updateFeatureSchema } from '../schemas/admin-feature';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The console's 楼盘特色 (issue 30, item 1; docs/decisions/078), under /api/admin/feature/: the
 * host's company's listing features, retired ones included. A feature of another company is 404;
 * changes name the version read (409 with { reload, version } when stale) and write an audit row.
 */

export const adminFeatureApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/feature/list',
    tags: ['admin'],
    summary: "The company's listing features in their order, retired ones included, with how many listings have each",
    data: adminFeatureListSchema,
    access: consoleRead('base'),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/feature/create',
    tags: ['admin'],
    summary: 'A new listing feature, last in the order; its name is unique in the company',
    body: createFeatureSchema,
    data: adminFeatureSchema,
    access: consoleWrite('base'),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/admin/feature/update',
    tags: ['admin'],
    summary: 'Rename a feature, retire or restore it (the listings that have it keep it); 409 on a stale version',
    body: updateFeatureSchema,
    data: adminFeatureSchema,
    access: consoleWrite('base'),
  }),
  reorder: defineEndpoint({
    method: 'POST',
    path: '/api/admin/feature/reorder',
    tags: ['admin'],
    summary: 'Every feature as read, in the new order (the order of the app’s filter and the listing form)',
    body: reorderFeaturesSchema,
    data: adminFeatureListSchema,
    access: consoleWrite('base'),
  }),
};
