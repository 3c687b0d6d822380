import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { feedbackSchema } from '@baobei/shared/schemas/feedback';
import { updateInfoResultSchema, updateInfoSchema } from '@baobei/shared/schemas/profile';
import { userSelectOptionSchema } from '@baobei/shared/schemas/record-tracking';
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

    app.post(
      '/api/user/get-users-select-list',
      {
        config: { page: 'subDistributorRecordList' },
        schema: {
          tags: ['user'],
          summary: 'Broker options of the 公司订单 filter: the shop, or the whole distributor for a general account',
          response: { 200: envelopeSchema(z.array(userSelectOptionSchema)) },
        },
      },
      async (request) => ok(await users.brokerOptions(currentUser(request))),
    );

    app.post(
      '/api/user/update-info',
      {
        schema: {
          tags: ['user'],
          summary:
            'Update the own profile: any of avatar (an own upload), sex, name, phone (with `code`, the SMS sent to it), resume, vacation (AUDITOR only)',
          body: updateInfoSchema,
          response: { 200: envelopeSchema(updateInfoResultSchema) },
        },
      },
      async (request) => ok(await users.updateInfo(currentUser(request), request.body), messages.profile.saved),
    );
  };
