import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { recognizeMessage } from '@baobei/shared/rules/recognize';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { ValidationError } from '../../lib/errors';

/** Smart recognition: the shared parser, so the server and the client read text alike. */
export const recognizeRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, api.home.getDemoMessage, async (request) => {
    if (!request.body.message.trim()) throw new ValidationError(messages.record.recognizeEmpty);
    return ok(recognizeMessage(request.body.message));
  });
};
