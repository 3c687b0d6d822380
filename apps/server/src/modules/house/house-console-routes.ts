import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { adminBatchMessages } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { HouseConsoleService } from './house-console-service';

/** The console's listings (issue 15, item 4; docs/decisions/039): parse, call the service, answer. */
export const houseConsoleRoutes =
  (houses: HouseConsoleService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.admin.listHouses, async (request) => ok(await houses.list(currentUser(request), request.query)));

    routeFrom(app, api.admin.getHouse, async (request) => ok(await houses.get(currentUser(request), request.query.id)));

    routeFrom(
      app,
      api.admin.createHouse,
      async (request) => ok(await houses.create(currentUser(request), request.body), messages.adminHouse.created),
      { config: { idempotency: 'admin-house-create' } },
    );

    routeFrom(app, api.admin.updateHouse, async (request) =>
      ok(await houses.update(currentUser(request), request.body), messages.adminHouse.saved),
    );

    routeFrom(app, api.admin.withdrawHouse, async (request) =>
      ok(await houses.withdraw(currentUser(request), request.body), messages.adminHouse.withdrawn),
    );

    routeFrom(app, api.admin.restoreHouse, async (request) =>
      ok(await houses.restore(currentUser(request), request.body), messages.adminHouse.restored),
    );

    // Issue 30, item 3: 批量下架 / 批量上架.
    routeFrom(app, api.adminBatch.withdrawHouses, async (request) => {
      const result = await houses.setActiveMany(currentUser(request), request.body.ids, false);
      return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
    });
    routeFrom(app, api.adminBatch.restoreHouses, async (request) => {
      const result = await houses.setActiveMany(currentUser(request), request.body.ids, true);
      return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
    });

    routeFrom(app, api.admin.houseHistory, async (request) => ok(await houses.history(currentUser(request), request.query)));

    routeFrom(app, api.admin.houseArrivalLink, async (request) => ok(await houses.arrivalLink(currentUser(request), request.query.id)));

    routeFrom(app, api.admin.renewHouseArrivalLink, async (request) =>
      ok(await houses.renewArrivalLink(currentUser(request), request.body.id), messages.recordTrack.externalLinkRenewed),
    );
  };
