import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { ValidationError } from '../../lib/errors';
import { assertCanOpenPage, currentUser } from '../../plugins/auth';
import type { StatsService } from '../stats/stats-service';
import type { ShareService } from './share-service';

const clientOf = (request: FastifyRequest) => ({ ip: request.clientKey, userAgent: request.headers['user-agent'] ?? '' });

export const shareRoutes =
  (shares: ShareService, stats: StatsService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.share.addShareToVisitor, async (request) =>
      ok(await shares.recordVisit(request.company, request.user, request.body, 'VISITOR', clientOf(request))),
    );

    routeFrom(app, api.share.addShareToSharer, async (request) =>
      ok(await shares.recordVisit(request.company, request.user, request.body, 'SHARER', clientOf(request))),
    );

    // Two pages share these two paths (docs/decisions/012): /my/share without `dateType`,
    // the statistics page (DIANZHANG) with it.

    routeFrom(app, api.share.userShareStatistics, async (request) => {
      const user = currentUser(request);
      const dateType = request.body?.dateType;
      if (dateType === undefined) return ok(await shares.statistics(request.company, user, request.query));
      assertCanOpenPage('statistics', user.role);
      return ok(await stats.shareByUser(user, { dateType }));
    });

    routeFrom(app, api.share.userShareHouseStatistics, async (request) => {
      const user = currentUser(request);
      const { dateType, houseId } = request.body;
      if (dateType !== undefined) {
        assertCanOpenPage('statistics', user.role);
        return ok(await stats.shareByHouse(user, { dateType }));
      }
      if (houseId === undefined) throw new ValidationError(messages.common.invalidInput);
      return ok(await shares.houseVisits(request.company, user, houseId, request.query));
    });
  };
