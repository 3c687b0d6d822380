import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The request the running code serves, for the code that is shared by requests and jobs and
 * holds the app's logger (docs/decisions/097): a line it writes for a request (an SMS provider's
 * refusal) is written through that request's logger, so it carries the request's reqId.
 */
const requests = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Every handler runs inside its request's context. Entered at preValidation, after the body is
 * read: the body's stream events arrive outside any context, so an earlier entry would be lost
 * for requests with a body.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => requests.run(request.log, done));
}

/** The running request's logger (its lines carry its reqId), or `fallback` outside a request (a job). */
export function requestLogOr(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return requests.getStore() ?? fallback;
}
