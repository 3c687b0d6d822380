import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import type { CityService } from './city-service';

export const cityRoutes =
  (cities: CityService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.city.getCity, async (request) => ok(await cities.tree(request.company.id)));
    routeFrom(app, api.city.getCityByLocation, async (request) => ok(await cities.nearest(request.company.id, request.query)));
  };
