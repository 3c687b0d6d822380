import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { recognizeMessage } from '@baobei/shared/rules/recognize';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { recognizeInputSchema, recognizeResultSchema } from '@baobei/shared/schemas/record';
import { ok } from '../../lib/envelope';
import { ValidationError } from '../../lib/errors';

/** Smart recognition: the shared parser, so the server and the client read text alike. */
export const recognizeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/publicapi/get-demo-message',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['record'],
        summary: 'Smart recognition: customers, viewing person and visitor count from pasted text',
        body: recognizeInputSchema,
        response: { 200: envelopeSchema(recognizeResultSchema) },
      },
    },
    async (request) => {
      if (!request.body.message.trim()) throw new ValidationError(messages.record.recognizeEmpty);
      return ok(recognizeMessage(request.body.message));
    },
  );
};
