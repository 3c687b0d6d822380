import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { CustomerService } from './customer-service';

export const customerRoutes =
  (customers: CustomerService): FastifyPluginAsync =>
  async (app) => {
    const { customer } = api;
    // docs/decisions/092: the lists show each customer's number as entered.
    const groupsShow = app.piiAccess.shows((groups: { list: { id: number; phone: string }[] }[]) =>
      groups.flatMap((g) => g.list.map((c) => ({ phone: c.phone, customerId: c.id }))),
    );

    routeFrom(app, customer.getCustomerList, async (request) =>
      ok(await customers.list(request.company.id, currentUser(request), request.body.keyword)),
      { onAnswer: groupsShow },
    );

    routeFrom(app, customer.getCompanyCustomerList, async (request) =>
      ok(await customers.companyList(currentUser(request), request.body.keyword)),
      { onAnswer: groupsShow },
    );

    // The app's outbox sends an add again after no answer with its first key (docs/decisions/094).
    routeFrom(
      app,
      customer.addCustomer,
      async (request) => ok(await customers.add(request.company.id, currentUser(request), request.body), messages.recordServer.customerAdded),
      { config: { idempotency: 'customer-add' } },
    );

    routeFrom(app, customer.removeCustomer, async (request) =>
      ok(await customers.remove(request.company.id, currentUser(request), request.body.id), messages.recordServer.customerRemoved),
    );

    routeFrom(app, customer.getDaikanList, async (request) => ok(await customers.daikan(request.company.id, currentUser(request))));
  };
