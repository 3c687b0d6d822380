import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { StatsService } from './stats-service';

/**
 * The report statistics of /subDistributor/statistics (part 2, section 7; docs/decisions/012),
 * for whoever may open that page (DIANZHANG). The two share statistics live on the share
 * routes, whose paths /my/share uses too.
 */
export const statsRoutes =
  (stats: StatsService): FastifyPluginAsync =>
  async (app) => {
    const { statistics } = api;
    routeFrom(app, statistics.getRecordStatics, async (request) => ok(await stats.recordStatistics(currentUser(request), request.body)));
    routeFrom(app, statistics.getUserToRecordStatics, async (request) =>
      ok(await stats.staffStatistics(currentUser(request), request.body)),
    );
    routeFrom(app, statistics.getHouseToRecordStatics, async (request) =>
      ok(await stats.houseStatistics(currentUser(request), request.body)),
    );
    // The console overview's deal sums (docs/decisions/055): a statistics figure, so served here.
    routeFrom(app, api.adminDeal.summary, async (request) => ok(await stats.companyDealSums(request.company.id, request.query)));
  };
