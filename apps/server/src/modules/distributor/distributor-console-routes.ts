import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminBatchMessages, adminDistributorMessages as text_ } from '@baobei/shared/messages/admin';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { DistributorConsoleService } from './distributor-console-service';

const registrationText = messages.registration;

/** The console's distributors and registration review (issue 16, item 1; docs/decisions/046): parse, call the service, answer. */
export const distributorConsoleRoutes =
  (distributors: DistributorConsoleService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminDistributor.list, async (request) => ok(await distributors.list(currentUser(request), request.query)));
    routeFrom(app, api.adminDistributor.get, async (request) => ok(await distributors.get(currentUser(request), request.query.id)));
    routeFrom(app, api.adminDistributor.create, async (request) => ok(await distributors.create(currentUser(request), request.body), text_.created));
    routeFrom(app, api.adminDistributor.update, async (request) => ok(await distributors.update(currentUser(request), request.body), text_.saved));
    routeFrom(app, api.adminDistributor.disable, async (request) => ok(await distributors.disable(currentUser(request), request.body), text_.disabled));
    routeFrom(app, api.adminDistributor.enable, async (request) => ok(await distributors.enable(currentUser(request), request.body), text_.enabled));

    routeFrom(app, api.adminRegistration.list, async (request) => ok(await distributors.registrations(currentUser(request), request.query)));
    // Issue 30, item 3: 批量通过 / 批量驳回.
    routeFrom(app, api.adminBatch.reviewRegistrations, async (request) => {
      const result = await distributors.reviewMany(request.company, currentUser(request), request.body);
      return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
    });

    routeFrom(app, api.adminRegistration.review, async (request) => {
      const result = await distributors.review(request.company, currentUser(request), request.body);
      // The mobile review's answers, word for word.
      const approved = result.status === 'APPROVED';
      const msg = result.notified
        ? approved ? registrationText.reviewApproved : registrationText.reviewRejected
        : approved ? registrationText.reviewApprovedNotNotified : registrationText.reviewRejectedNotNotified;
      return ok(result, msg);
    });
  };
