import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminHomeMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { IndexConsoleService } from './index-console-service';

/** The console's home content (issue 15, item 5; docs/decisions/042): parse, call the service, answer. */
export const indexConsoleRoutes =
  (home: IndexConsoleService): FastifyPluginAsync =>
  async (app) => {
    const kinds = [
      [api.adminBanner, home.banner, 'admin-home-banner-create'],
      [api.adminNav, home.nav, 'admin-home-nav-create'],
      [api.adminColumn, home.column, 'admin-home-column-create'],
    ] as const;

    routeFrom(app, api.adminBanner.list, async (request) => ok(await home.banner.list(currentUser(request), request.query.cityId)));
    routeFrom(app, api.adminBanner.create, async (request) => ok(await home.banner.create(currentUser(request), request.body), text_.created), {
      config: { idempotency: kinds[0][2] },
    });
    routeFrom(app, api.adminBanner.update, async (request) => ok(await home.banner.update(currentUser(request), request.body), text_.saved));

    routeFrom(app, api.adminNav.list, async (request) => ok(await home.nav.list(currentUser(request), request.query.cityId)));
    routeFrom(app, api.adminNav.create, async (request) => ok(await home.nav.create(currentUser(request), request.body), text_.created), {
      config: { idempotency: kinds[1][2] },
    });
    routeFrom(app, api.adminNav.update, async (request) => ok(await home.nav.update(currentUser(request), request.body), text_.saved));

    routeFrom(app, api.adminColumn.list, async (request) => ok(await home.column.list(currentUser(request), request.query.cityId)));
    routeFrom(app, api.adminColumn.create, async (request) => ok(await home.column.create(currentUser(request), request.body), text_.created), {
      config: { idempotency: kinds[2][2] },
    });
    routeFrom(app, api.adminColumn.update, async (request) => ok(await home.column.update(currentUser(request), request.body), text_.saved));

    // Delete and reorder take the same input for every kind.
    for (const [calls, service] of kinds) {
      routeFrom(app, calls.remove, async (request) => ok(await service.remove(currentUser(request), request.body), text_.deleted));
      routeFrom(app, calls.reorder, async (request) => ok(await service.reorder(currentUser(request), request.body), text_.reordered));
    }
  };
