import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The request the running code serves (docs/decisions/097): for the code that is shared by
 * requests and jobs and holds the app's logger, so that every line written while a request is
 * served carries the request's reqId (the X-Request-Id of its answer), whichever logger wrote it.
 */
interface RequestScope {
  log: FastifyBaseLogger;
  id: string;
}
const requests = new AsyncLocalStorage<RequestScope>();

/**
 * Every handler runs inside its request's context. Entered at preValidation, after the body is
 * read: the body's stream events arrive outside any context, so an earlier entry would be lost
 * for requests with a body.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => requests.run({ log: request.log, id: request.id }, done));
}

/** The running request's logger (its lines carry its reqId), or `fallback` outside a request (a job). */
export function requestLogOr(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return requests.getStore()?.log ?? fallback;
}

/**
 * pino's `mixin` (app.ts): a line written while a request is served through another logger than
 * the request's own (the app's, a module's) gets the request's reqId; the request's own logger
 * has it already, and a line outside any request (a job's) gets nothing.
 */
export function requestIdMixin(_line: object, _level: number, logger: unknown): object {
  const scope = requests.getStore();
  return scope && logger !== scope.log ? { reqId: scope.id } : {};
}
