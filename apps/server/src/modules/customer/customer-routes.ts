import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import {
  addCustomerSchema,
  companyCustomerSchema,
  customerListQuerySchema,
  customerSchema,
  daikanSchema,
  groupedSchema,
  removeCustomerSchema,
} from '@baobei/shared/schemas/record';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { CustomerService } from './customer-service';

const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

export const customerRoutes =
  (customers: CustomerService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/record/get-customer-list',
      {
        config: { page: 'customerList' },
        schema: {
          tags: ['customer'],
          summary: 'The user’s own customers grouped by pinyin initial; keyword matches name or phone',
          body: optionalBody(customerListQuerySchema),
          response: { 200: envelopeSchema(groupedSchema(customerSchema)) },
        },
      },
      async (request) => ok(await customers.list(request.company.id, currentUser(request), request.body.keyword)),
    );

    app.post(
      '/api/record/get-company-customer-list',
      {
        config: { page: 'companyCustomers' },
        schema: {
          tags: ['customer'],
          summary: '公司客户 (read-only): the customers of the shop manager’s brokers, or of the general account’s distributor, with their owner; grouped; keyword matches name or phone',
          body: optionalBody(customerListQuerySchema),
          response: { 200: envelopeSchema(groupedSchema(companyCustomerSchema)) },
        },
      },
      async (request) => ok(await customers.companyList(currentUser(request), request.body.keyword)),
    );

    app.post(
      '/api/record/add-customer',
      {
        config: { page: 'customerList' },
        schema: { tags: ['customer'], summary: 'Add a customer (add-customer dialog rules)', body: addCustomerSchema, response: { 200: envelopeSchema(customerSchema) } },
      },
      async (request) =>
        ok(await customers.add(request.company.id, currentUser(request), request.body), messages.recordServer.customerAdded),
    );

    app.post(
      '/api/record/remove-customer',
      {
        config: { page: 'customerList' },
        schema: { tags: ['customer'], summary: 'Delete one of the user’s own customers', body: removeCustomerSchema, response: { 200: envelopeSchema(z.number()) } },
      },
      async (request) =>
        ok(await customers.remove(request.company.id, currentUser(request), request.body.id), messages.recordServer.customerRemoved),
    );

    app.post(
      '/api/record/get-daikan-list',
      {
        config: { page: 'selectStaff' },
        schema: { tags: ['customer'], summary: 'Viewing staff: the user’s distributor colleagues, grouped', response: { 200: envelopeSchema(groupedSchema(daikanSchema)) } },
      },
      async (request) => ok(await customers.daikan(request.company.id, currentUser(request))),
    );
  };
