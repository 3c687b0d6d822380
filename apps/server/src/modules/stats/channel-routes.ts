import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { ChannelService } from './channel-service';

/** 数据驾驶舱 (issue 31, docs/decisions/087): the console's, and the phone's for the viewer's reach. */
export const channelRoutes =
  (channel: ChannelService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminDashboard.overview, async (request) =>
      ok(await channel.overview(request.company.id, await channel.consoleReach(request.company.id, request.query), request.query)),
    );
    routeFrom(app, api.adminDashboard.ranking, async (request) =>
      ok(await channel.ranking(request.company.id, await channel.consoleReach(request.company.id, request.query), request.query)),
    );
    routeFrom(app, api.adminDashboard.auditors, async (request) => ok(await channel.auditors(request.company.id, request.query)));
    routeFrom(app, api.channelStatistics.overview, async (request) => {
      const viewer = currentUser(request);
      return ok(await channel.overview(viewer.companyId, channel.viewerReach(viewer), request.body));
    });
    routeFrom(app, api.channelStatistics.ranking, async (request) => {
      const viewer = currentUser(request);
      return ok(await channel.ranking(viewer.companyId, channel.viewerReach(viewer), request.body));
    });
  };
