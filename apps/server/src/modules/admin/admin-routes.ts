import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminHouseService } from './admin-house-service';
import type { AdminService } from './admin-service';

/** Decision 017: what a console account that must change its initial password may still call. */
const whileMustChange = { config: { allowWhileMustChange: true } };

/** The operator console's calls (docs/decisions/039): parse, call the service, answer. */
export const adminRoutes =
  (admin: AdminService, houses: AdminHouseService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.admin.sign, async (request) =>
      ok(await admin.sign(request.company, request.body, request.clientKey), messages.adminAuth.signedIn),
    );

    routeFrom(app, api.admin.me, async (request) => ok(await admin.me(currentUser(request))), whileMustChange);

    routeFrom(
      app,
      api.admin.logout,
      async (request) => {
        await admin.logout(currentUser(request));
        return ok(null, messages.adminAuth.signedOut);
      },
      whileMustChange,
    );

    routeFrom(
      app,
      api.admin.changePassword,
      async (request) => {
        await admin.changePassword(currentUser(request), request.body);
        return ok(null, messages.adminAuth.passwordChanged);
      },
      whileMustChange,
    );

    routeFrom(app, api.admin.getBrand, async (request) => ok(await admin.getBrand(currentUser(request), request.query.companyId)));

    routeFrom(app, api.admin.updateBrand, async (request) =>
      ok(await admin.updateBrand(currentUser(request), request.body), messages.adminCompany.saved),
    );

    routeFrom(app, api.admin.listCompanies, async (request) => ok(await admin.listCompanies(request.query)));

    routeFrom(app, api.admin.createCompany, async (request) =>
      ok(await admin.createCompany(currentUser(request), request.body), messages.adminCompany.created),
    );

    // Listings (issue 15, item 4).
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

    routeFrom(app, api.admin.houseHistory, async (request) => ok(await houses.history(currentUser(request), request.query)));

    routeFrom(app, api.admin.houseArrivalLink, async (request) => ok(await houses.arrivalLink(currentUser(request), request.query.id)));

    routeFrom(app, api.admin.renewHouseArrivalLink, async (request) =>
      ok(await houses.renewArrivalLink(currentUser(request), request.body.id), messages.recordTrack.externalLinkRenewed),
    );
  };
