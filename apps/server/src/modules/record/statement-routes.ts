import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { StatementService } from './statement-service';

/** 对账单 (issue 30, item 6; docs/decisions/082): the console's list and statement, the general account's own. */
export const statementRoutes =
  (statements: StatementService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminStatement.list, async (request) => ok(await statements.list(request.company.id, request.query)));
    routeFrom(app, api.adminStatement.get, async (request) => ok(await statements.getAsOperator(request.company.id, request.query)));
    routeFrom(app, api.statement.get, async (request) => ok(await statements.getOwn(currentUser(request), request.body.month, request.query)));
  };
