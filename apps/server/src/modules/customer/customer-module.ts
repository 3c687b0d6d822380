import fp from 'fastify-plugin';
import type { Executor } from '../../db/client';
import type { ModuleOptions } from '../module-options';
import { createCustomerRepository, createReportCustomerWriter, type ReportCustomer } from './customer-repository';
import { customerRoutes } from './customer-routes';
import { createCustomerService } from './customer-service';

/** What another module may write of a customer: the report submit saves its customers, in its transaction. */
export interface Customers {
  saveForReport(tx: Executor, values: ReportCustomer): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    customers: Customers;
  }
}

/**
 * The customers (`customer`, `customer_image`): the tables' one owner. Registered before the
 * record module, whose submit saves a report's customers through `app.customers`; the pages
 * come after it (customerPagesModule), since they read the reports of a customer.
 */
export const customerModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const writer = createReportCustomerWriter(db);
    app.decorate('customers', { saveForReport: writer.save } satisfies Customers);
  },
  { name: 'customer-module' },
);

/** A broker's customers, and 公司客户 of the brokers one looks after. */
export const customerPagesModule = fp<ModuleOptions>(
  async (app, { db, pictures }) => {
    await app.register(
      customerRoutes(createCustomerService({ customers: createCustomerRepository(db), records: app.recordService, pictures })),
    );
  },
  { name: 'customer-pages-module', dependencies: ['customer-module', 'record-module'] },
);
