import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminFeatureMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { FeatureConsoleService } from './feature-console-service';

/** The console's 楼盘特色: parse, call the service, answer. */
export const featureConsoleRoutes =
  (features: FeatureConsoleService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminFeature.list, async (request) => ok(await features.list(currentUser(request))));
    routeFrom(app, api.adminFeature.create, async (request) => ok(await features.create(currentUser(request), request.body), text_.created));
    routeFrom(app, api.adminFeature.update, async (request) => {
      const updated = await features.update(currentUser(request), request.body);
      const msg = request.body.active === false ? text_.retired : request.body.active === true ? text_.restored : text_.saved;
      return ok(updated, msg);
    });
    routeFrom(app, api.adminFeature.reorder, async (request) => ok(await features.reorder(currentUser(request), request.body), text_.reordered));
  };
