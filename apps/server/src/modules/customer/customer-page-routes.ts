import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { CustomerDetail } from '@baobei/shared/schemas/customer-page';
import type { CustomerPageService } from './customer-page-service';

/** A customer's page (docs/decisions/088): its detail, the paged follow-ups and the owner's writes. */
export const customerPageRoutes =
  (pages: CustomerPageService): FastifyPluginAsync =>
  async (app) => {
    const { customer } = api;

    // docs/decisions/092: one customer shown (its reports repeat the same person's number).
    routeFrom(app, customer.getCustomerDetail, async (request) => ok(await pages.detail(currentUser(request), request.body.id)), {
      onAnswer: app.piiAccess.shows((d: CustomerDetail) => [{ phone: d.customer.phone, customerId: d.customer.id }]),
    });

    routeFrom(app, customer.getCustomerFollowUps, async (request) =>
      ok(await pages.followUps(currentUser(request), request.body.id, request.query.page, request.query.pageSize)),
    );

    routeFrom(app, customer.editCustomer, async (request) => ok(await pages.edit(currentUser(request), request.body), messages.customerPage.edited));

    routeFrom(app, customer.setCustomerIntent, async (request) =>
      ok(await pages.setIntent(currentUser(request), request.body), messages.customerPage.intentSaved),
    );

    routeFrom(app, customer.addCustomerFollowUp, async (request) =>
      ok(await pages.addFollowUp(currentUser(request), request.body), messages.customerPage.followUpAdded),
    );
  };
