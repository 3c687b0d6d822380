import {
  adminDistributorListQuerySchema,
  adminDistributorListSchema,
  adminDistributorSchema,
  adminRegistrationListQuerySchema,
  adminRegistrationListSchema,
  createdDistributorSchema,
  createDistributorSchema,
  distributorIdQuerySchema,
  distributorVersionSchema,
  updateDistributorSchema,
} from '../schemas/admin-distributor';
import { reviewRegistrationSchema, reviewResultSchema } from '../schemas/registration';
import { consoleRead, consoleWrite, type ObjectRef } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The console's distributors and registration review (issue 16, item 1; docs/decisions/046),
 * under /api/admin/. The host's company for both console roles: another company's
 * distributor or registration is 404. Changes name the version read (409 with
 * { reload, version } when stale) and write an audit row in their transaction.
 */
const distributorRef = (from: 'body' | 'query'): ObjectRef => ({ from, field: 'id', kind: 'distributor' });

export const adminDistributorApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/distributor/list',
    tags: ['admin'],
    summary: "The company's distributors: keyword (name, short name, credit code, manager phone), status, city; paged",
    query: adminDistributorListQuerySchema,
    data: adminDistributorListSchema,
    access: consoleRead('distributors'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/distributor/get',
    tags: ['admin'],
    summary: 'A distributor with its shops (shop managers and their brokers) and staff',
    query: distributorIdQuerySchema,
    data: adminDistributorSchema,
    access: consoleRead('distributors', { object: distributorRef('query') }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/create',
    tags: ['admin'],
    summary: "A distributor the operator signs up, with its general account (the manager's phone) and a one-time password; 409 on a taken phone or credit code",
    body: createDistributorSchema,
    data: createdDistributorSchema,
    access: consoleWrite('distributors'),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/update',
    tags: ['admin'],
    summary: 'Change names, address, city, channel contact, manager; 409 with { reload, version } on a stale version',
    body: updateDistributorSchema,
    data: adminDistributorSchema,
    access: consoleWrite('distributors', { object: distributorRef('body') }),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/disable',
    tags: ['admin'],
    summary: "Disable a distributor: its people cannot sign in and every session of theirs ends at once; 409 when stale",
    body: distributorVersionSchema,
    data: adminDistributorSchema,
    access: consoleWrite('distributors', { object: distributorRef('body') }),
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/enable',
    tags: ['admin'],
    summary: 'Enable a disabled distributor: its people may sign in again; 409 when stale',
    body: distributorVersionSchema,
    data: adminDistributorSchema,
    access: consoleWrite('distributors', { object: distributorRef('body') }),
  }),
};

export const adminRegistrationApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/registration/list',
    tags: ['admin'],
    summary: "The company's distributor registrations by status (pending oldest first, then reviewed newest first), with the licence picture (signed URL)",
    query: adminRegistrationListQuerySchema,
    data: adminRegistrationListSchema,
    access: consoleRead('distributors'),
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/admin/registration/review',
    tags: ['admin'],
    summary: 'Approve or reject a registration: the mobile review (POST /api/publicapi/review-registration) itself',
    body: reviewRegistrationSchema,
    data: reviewResultSchema,
    access: consoleWrite('distributors', { object: { from: 'body', field: 'id', kind: 'registration' } }),
  }),
};
