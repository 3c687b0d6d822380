import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminFeedbackMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { AdminAuditLogService } from './admin-audit-log-service';
import type { AdminFeedbackService } from './admin-feedback-service';

/** 意见反馈 and 操作日志 (issue 16, items 5 and 6; docs/decisions/050): parse, call the service, answer. */
export const adminInboxRoutes =
  (feedback: AdminFeedbackService, auditLog: AdminAuditLogService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminFeedback.list, async (request) => ok(await feedback.list(currentUser(request), request.query)));
    routeFrom(app, api.adminFeedback.handle, async (request) => {
      const { item, changed } = await feedback.handle(currentUser(request), request.body);
      return ok({ ...item, changed }, changed ? text_.handled : text_.alreadyHandled);
    });
    routeFrom(app, api.adminAuditLog.list, async (request) => ok(await auditLog.list(currentUser(request), request.query)));
    routeFrom(app, api.adminAuditLog.actors, async (request) => ok(await auditLog.actors(currentUser(request), request.query.keyword)));
  };
