import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { UserService } from './user-service';

export const userRoutes =
  (users: UserService): FastifyPluginAsync =>
  async (app) => {
    // The app's outbox sends feedback again after no answer with its first key (docs/decisions/094).
    routeFrom(
      app,
      api.user.addGbook,
      async (request) => {
        await users.addFeedback(currentUser(request), request.body);
        return ok(null, messages.feedback.submitted);
      },
      { config: { idempotency: 'feedback' } },
    );

    routeFrom(app, api.user.getUsersSelectList, async (request) => ok(await users.brokerOptions(currentUser(request))));

    routeFrom(app, api.user.updateInfo, async (request) =>
      ok(await users.updateInfo(currentUser(request), request.body), messages.profile.saved),
    );
  };
