import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { PiiAccessConsole } from './pii-access-console';

/** 访问日志 (docs/decisions/092): the list; the export is the admin module's (its gate and file). */
export const piiAccessRoutes =
  (accessLog: PiiAccessConsole): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminAccessLog.list, async (request) => ok(await accessLog.list(currentUser(request), request.query)));
  };
