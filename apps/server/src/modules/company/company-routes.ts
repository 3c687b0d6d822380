import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import type { CompanyService } from './company-service';

export const companyRoutes =
  (companies: CompanyService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.home.getCompany, async (request) => ok(await companies.brandingByHost(request.query.host, { agreement: request.query.agreement === '1', privacy: request.query.privacy === '1' })));
  };
