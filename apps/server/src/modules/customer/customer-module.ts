import fp from 'fastify-plugin';
import type { Executor } from '../../db/client';
import type { ModuleOptions } from '../module-options';
import { createCustomerAnonymiseRepository, type CustomerAnonymiseRepository } from './customer-anonymise-repository';
import { createCustomerRepository, createReportCustomerWriter, type ReportCustomer } from './customer-repository';
import { customerRoutes } from './customer-routes';
import { createCustomerService } from './customer-service';
import { createCustomerPageRepository } from './customer-page-repository';
import { customerPageRoutes } from './customer-page-routes';
import { createCustomerPageService } from './customer-page-service';

/** What another module may write of a customer: the report submit saves its customers, in its transaction. */
export interface Customers {
  saveForReport(tx: Executor, values: ReportCustomer): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    customers: Customers;
    /** 数据保留 and 个人信息请求 (docs/decisions/093): the customer book's anonymisation, for the privacy module. */
    customerAnonymiser: CustomerAnonymiseRepository;
  }
}

/**
 * The customers (`customer`, `customer_image`, `customer_follow_up`): the tables' one owner. Registered before the
 * record module, whose submit saves a report's customers through `app.customers`; the pages
 * come after it (customerPagesModule), since they read the reports of a customer.
 */
export const customerModule = fp<ModuleOptions>(
  async (app, { db }) => {
    const writer = createReportCustomerWriter(db);
    app.decorate('customers', { saveForReport: writer.save } satisfies Customers);
    app.decorate('customerAnonymiser', createCustomerAnonymiseRepository(db));
  },
  { name: 'customer-module' },
);

/** A broker's customers, 公司客户 of the brokers one looks after, and a customer's page (docs/decisions/088). */
export const customerPagesModule = fp<ModuleOptions>(
  async (app, { db, pictures }) => {
    const customers = createCustomerRepository(db);
    await app.register(customerRoutes(createCustomerService({ customers, records: app.recordService, pictures })));
    await app.register(
      customerPageRoutes(createCustomerPageService({ pages: createCustomerPageRepository(db), customers, records: app.recordService, pictures })),
    );
  },
  { name: 'customer-pages-module', dependencies: ['customer-module', 'record-module', 'pii-access-module'] },
);
