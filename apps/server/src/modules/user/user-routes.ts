import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { feedbackSchema } from '@baobei/shared/schemas/feedback';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { UserService } from './user-service';

export const userRoutes =
  (users: UserService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/add-gbook',
      {
        config: { page: 'help' },
        schema: { tags: ['user'], summary: 'Send feedback (help and feedback page)', body: feedbackSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await users.addFeedback(currentUser(request), request.body);
        return ok(null, messages.feedback.submitted);
      },
    );
  };
