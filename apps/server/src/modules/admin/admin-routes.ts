import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminService } from './admin-service';

/** Decision 017: what a console account that must change its initial password may still call. */
const whileMustChange = { config: { allowWhileMustChange: true } };

/** The operator console's own calls (docs/decisions/039): its sign-in, the brand and companies. */
export const adminRoutes =
  (admin: AdminService): FastifyPluginAsync =>
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

    routeFrom(app, api.admin.companySetup, async (request) => ok(await admin.setup(currentUser(request))));
    routeFrom(app, api.admin.createCompany, async (request) =>
      ok(await admin.createCompany(currentUser(request), request.body), messages.adminCompany.created),
    );
  };
