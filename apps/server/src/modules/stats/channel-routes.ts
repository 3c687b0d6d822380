import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AlertService } from './alert-service';
import type { ChannelService } from './channel-service';

/** 数据驾驶舱 (issue 31, docs/decisions/087): the console's, and the phone's for the viewer's reach. */
export const channelRoutes =
  (channel: ChannelService, alerts: AlertService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminDashboard.overview, async (request) =>
      ok(await channel.overview(request.company.id, await channel.consoleReach(request.company.id, request.query), request.query)),
    );
    routeFrom(app, api.adminDashboard.ranking, async (request) =>
      ok(await channel.ranking(request.company.id, await channel.consoleReach(request.company.id, request.query), request.query)),
    );
    routeFrom(app, api.adminDashboard.auditors, async (request) => ok(await channel.auditors(request.company.id, request.query)));
    routeFrom(app, api.adminDashboard.alerts, async (request) => ok(await alerts.list(request.company.id, request.query)));
    routeFrom(app, api.adminDashboard.alertSwitch, async (request) =>
      ok(await alerts.setSwitch(request.company.id, currentUser(request).id, request.body.kind, request.body.enabled)),
    );
    routeFrom(app, api.adminDashboard.alertDismiss, async (request) => {
      await alerts.dismiss(request.company.id, currentUser(request).id, request.body.id);
      return ok(null);
    });
    routeFrom(app, api.channelStatistics.overview, async (request) => {
      const viewer = currentUser(request);
      return ok(await channel.overview(viewer.companyId, channel.viewerReach(viewer), request.body));
    });
    routeFrom(app, api.channelStatistics.ranking, async (request) => {
      const viewer = currentUser(request);
      return ok(await channel.ranking(viewer.companyId, channel.viewerReach(viewer), request.body));
    });
  };
