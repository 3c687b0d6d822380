import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createCustomerRepository } from './customer-repository';
import { customerRoutes } from './customer-routes';
import { createCustomerService } from './customer-service';

/** A broker's customers, and 公司客户 of the brokers one looks after. */
export const customerModule = fp<ModuleOptions>(
  async (app, { db, pictures }) => {
    await app.register(
      customerRoutes(createCustomerService({ customers: createCustomerRepository(db), records: app.recordService, pictures })),
    );
  },
  { name: 'customer-module', dependencies: ['record-module'] },
);
