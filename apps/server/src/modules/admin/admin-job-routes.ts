import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminJobService } from './admin-job-service';

/** 后台任务 (issue 17, item 1; docs/decisions/056): parse, call the service, answer. */
export const adminJobRoutes =
  (jobs: AdminJobService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminJob.failures, async (request) => ok(await jobs.failures(currentUser(request), request.query)));
  };
