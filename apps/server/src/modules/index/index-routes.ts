import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import type { IndexService } from './index-service';

export const indexRoutes =
  (index: IndexService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.home.getIndexData, async (request) => ok(await index.indexData(request.company.id, request.query.cityId)));
  };
