import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { adminFeedbackMessages as text_ } from '@baobei/shared/messages/admin';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { FeedbackConsoleService } from './feedback-console-service';

/** The console's 意见反馈 (issue 16, item 5): the company's feedback, and marking one handled. */
export const feedbackConsoleRoutes =
  (feedback: FeedbackConsoleService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.adminFeedback.list, async (request) => ok(await feedback.list(currentUser(request), request.query)));
    routeFrom(app, api.adminFeedback.handle, async (request) => {
      const { item, changed } = await feedback.handle(currentUser(request), request.body);
      return ok({ ...item, changed }, changed ? text_.handled : text_.alreadyHandled);
    });
  };
