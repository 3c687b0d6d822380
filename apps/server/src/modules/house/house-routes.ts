import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { HouseService } from './house-service';

export const houseRoutes =
  (houses: HouseService): FastifyPluginAsync =>
  async (app) => {
    // The spec's catalogue lists it under POST, the listing contract under GET: both answer.
    routeFrom(app, api.home.getSearchInfo, async (request) => ok(await houses.searchInfo(request.company.id)));
    routeFrom(app, api.home.postSearchInfo, async (request) => ok(await houses.searchInfo(request.company.id)));

    routeFrom(app, api.house.getHouseList, async (request) =>
      ok(await houses.list(request.company, request.user, request.body, request.query)),
    );

    routeFrom(app, api.house.getHouseData, async (request) => ok(await houses.detail(request.company, request.user, request.body)));

    routeFrom(app, api.house.policyPropertyGroup, async (request) =>
      ok(await houses.policyGroups(request.company.id, request.query.buildingId)),
    );

    routeFrom(app, api.house.commissionPolicyList, async (request) =>
      ok(await houses.policyList(request.company, request.body, request.query)),
    );

    routeFrom(app, api.house.favoriteHouse, async (request) => {
      const result = await houses.toggleFavorite(request.company.id, currentUser(request), request.body);
      return ok(result, result.isFavorite ? messages.house.favoriteAdded : messages.house.favoriteRemoved);
    });

    routeFrom(app, api.house.favoriteHouseList, async (request) =>
      ok(await houses.favoriteList(request.company, currentUser(request), request.query)),
    );
  };
