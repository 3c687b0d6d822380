import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminAuditLogService } from './admin-audit-log-service';

/** 操作日志 (issue 16, item 6; docs/decisions/050): parse, call the service, answer. */
export const adminAuditLogRoutes =
  (auditLog: AdminAuditLogService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminAuditLog.list, async (request) => ok(await auditLog.list(currentUser(request), request.query)));
    routeFrom(app, api.adminAuditLog.actors, async (request) => ok(await auditLog.actors(currentUser(request), request.query.keyword)));
  };
