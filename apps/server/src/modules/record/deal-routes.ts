import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { adminBatchMessages } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { DealService } from './deal-service';

/** Issue 17, item 5 (docs/decisions/052): deals and commission, the mobile calls and the console's payment. */
export const dealRoutes =
  (deals: DealService): FastifyPluginAsync =>
  async (app) => {
    const { recordDeal, adminDeal } = api;

    routeFrom(app, recordDeal.submitRecordDeal, async (request) => ok(await deals.submit(currentUser(request), request.body), messages.deal.recorded), {
      config: { idempotency: 'record-deal' },
    });

    routeFrom(app, recordDeal.getRecordDeal, async (request) => ok(await deals.get(currentUser(request), request.body.id)));

    routeFrom(app, recordDeal.adjustRecordCommission, async (request) => ok(await deals.adjust(currentUser(request), request.body), messages.deal.adjusted));

    routeFrom(app, recordDeal.addCommissionPayment, async (request) => ok(await deals.payAsAuditor(currentUser(request), request.body), messages.deal.paid), {
      config: { idempotency: 'commission-payment' },
    });

    // Corrections (issue 30, item 2; docs/decisions/080).
    routeFrom(app, recordDeal.editRecordDeal, async (request) => ok(await deals.editAsAuditor(currentUser(request), request.body), messages.deal.edited));
    routeFrom(app, recordDeal.reverseCommissionPayment, async (request) => ok(await deals.reverseAsAuditor(currentUser(request), request.body), messages.deal.reversed));
    routeFrom(app, adminDeal.edit, async (request) => ok(await deals.editAsOperator(currentUser(request), request.company.id, request.body), messages.deal.edited));
    // The console's recording and adjustment (docs/decisions/085), through the same service.
    routeFrom(app, adminDeal.adjust, async (request) => ok(await deals.adjustAsOperator(currentUser(request), request.company.id, request.body), messages.deal.adjusted));
    routeFrom(app, adminDeal.submit, async (request) => ok(await deals.submitAsOperator(currentUser(request), request.company.id, request.body), messages.deal.recorded), {
      config: { idempotency: 'admin-record-deal' },
    });
    routeFrom(app, adminDeal.reversePayment, async (request) =>
      ok(await deals.reverseAsOperator(currentUser(request), request.company.id, request.body), messages.deal.reversed),
    );

    routeFrom(app, recordDeal.getDealList, async (request) => ok(await deals.list(currentUser(request), request.body, request.query)));

    routeFrom(
      app,
      adminDeal.addPayment,
      async (request) => ok(await deals.payAsOperator(currentUser(request), request.company.id, request.body), messages.deal.paid),
      { config: { idempotency: 'admin-commission-payment' } },
    );

    // Issue 30, item 3: 批量结佣, once per Idempotency-Key.
    routeFrom(
      app,
      api.adminBatch.payDeals,
      async (request) => {
        const result = await deals.payPendingManyAsOperator(currentUser(request), request.company.id, request.body);
        return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
      },
      { config: { idempotency: 'admin-batch-payment' } },
    );

    routeFrom(app, adminDeal.getDeal, async (request) => ok(await deals.getAsOperator(request.company.id, request.query.id)));
  };
