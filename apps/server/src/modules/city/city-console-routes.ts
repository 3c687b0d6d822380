import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminHomeMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { CityConsoleService } from './city-console-service';

/** The console's 城市 (首页内容's city tab): parse, call the service, answer. */
export const cityConsoleRoutes =
  (cities: CityConsoleService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminCity.list, async (request) => ok(await cities.list(currentUser(request))));
    routeFrom(app, api.adminCity.create, async (request) => ok(await cities.create(currentUser(request), request.body), text_.created));
    routeFrom(app, api.adminCity.update, async (request) => ok(await cities.update(currentUser(request), request.body), text_.saved));
  };
