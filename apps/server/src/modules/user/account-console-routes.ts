import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminAccountMessages as text_, adminBatchMessages } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AccountConsoleService } from './account-console-service';

/**
 * The console's accounts (issue 16, item 2; docs/decisions/047): parse, call the service, answer.
 * Create and reset-password answer a password: no Idempotency-Key there, since a replayed answer
 * would be a stored copy of it (a second create of the phone is refused as taken instead).
 */
export const accountConsoleRoutes =
  (accounts: AccountConsoleService): FastifyPluginAsync =>
  async (app) => {
    const calls = api.adminAccount;
    routeFrom(app, calls.list, async (request) => ok(await accounts.list(currentUser(request), request.query)));
    routeFrom(app, calls.get, async (request) => ok(await accounts.get(currentUser(request), request.query.id)));
    routeFrom(app, calls.options, async (request) => ok(await accounts.options(currentUser(request))));
    routeFrom(app, calls.create, async (request) => ok(await accounts.create(currentUser(request), request.body), text_.created));
    routeFrom(app, calls.update, async (request) => ok(await accounts.update(currentUser(request), request.body), text_.saved));
    routeFrom(app, calls.resetPassword, async (request) =>
      ok(await accounts.resetPassword(currentUser(request), request.body.id), text_.passwordReset),
    );
    routeFrom(app, calls.unlock, async (request) => ok(await accounts.unlock(currentUser(request), request.body.id), text_.unlocked));
    routeFrom(app, calls.endSessions, async (request) => ok(await accounts.endSessions(currentUser(request), request.body.id), text_.sessionsEnded));
    // Issue 30, item 3: 批量停用.
    routeFrom(app, api.adminBatch.disableAccounts, async (request) => {
      const result = await accounts.disableMany(currentUser(request), request.body.ids);
      return ok(result, adminBatchMessages.done(result.succeeded, result.failed));
    });
    routeFrom(app, calls.disable, async (request) => ok(await accounts.disable(currentUser(request), request.body), text_.disabled));
    routeFrom(app, calls.enable, async (request) => ok(await accounts.enable(currentUser(request), request.body), text_.enabled));
  };
