import { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactText, redactUrl } from '../lib/log-redaction';

type ErrorLine = { type: string; message: string; stack?: string; code?: string | number; statusCode?: number; cause?: unknown };

/** An error as a log line carries it: class, message, stack, code, cause, with every URL secret redacted (decision 061). */
function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return redactText(error);
  if (!(error instanceof Error)) return error;
  const line: ErrorLine = { type: error.constructor?.name ?? 'Error', message: redactText(error.message) };
  if (error.stack) line.stack = redactText(error.stack);
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' || typeof code === 'number') line.code = code;
  if (typeof statusCode === 'number') line.statusCode = statusCode;
  if (error.cause !== undefined && depth < 3) line.cause = serializeError(error.cause, depth + 1);
  return line;
}

/**
 * The logger's serializers (app.ts): a request as its method, its URL with the secrets
 * redacted and the client's address; an error (or an error's text, as the jobs log it under
 * `err`) with the URLs it quotes redacted.
 */
export const requestLogSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
  // Typed as Fastify declares it; a string (the jobs' `err`) comes back as a string.
  err: (error: FastifyError) => serializeError(error) as { type: string; message: string; stack: string },
};

/**
 * One log line per answered request (docs/decisions/032), in place of Fastify's two
 * (`incoming request` and `request completed`, both at info): at `level` (`debug` in
 * production, so not written at the default LOG_LEVEL), and at `warn` for a failure (5xx) or
 * a request slower than `slowMs`, whatever the level. The line carries the request's method,
 * its URL with the secrets redacted (app.ts's `req` serializer), the status and the time.
 * Fastify's other lines (a stream error, a serializer error) are as before, their errors
 * redacted by `requestLogSerializers.err`; an unknown route's line has its URL redacted.
 */
export class RequestLogController extends LogController {
  readonly #level: 'info' | 'debug';
  readonly #slowMs: number;
  readonly #stuckMs: number;
  /** The watch of each request in flight (see `incomingRequest`). */
  readonly #watches = new WeakMap<FastifyRequest, NodeJS.Timeout>();

  constructor(options: { level: 'info' | 'debug'; slowMs: number; stuckMs: number }) {
    super();
    this.#level = options.level;
    this.#slowMs = options.slowMs;
    this.#stuckMs = options.stuckMs;
  }

  /**
   * Written with the answer instead: one line per request. A request still unanswered after
   * `stuckMs` is written once while it runs: one that never ends (a lock waited on forever, a
   * client that never reads) would otherwise leave no line at all.
   */
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    const startedAt = performance.now();
    const watch = setTimeout(() => {
      // What the process waits on meanwhile (file reads and compression queue on libuv's threads).
      const waitingOn: Record<string, number> = {};
      for (const kind of process.getActiveResourcesInfo()) waitingOn[kind] = (waitingOn[kind] ?? 0) + 1;
      request.log.warn({ req: request, runningFor: Math.round(performance.now() - startedAt), waitingOn }, 'request still running');
    }, this.#stuckMs);
    watch.unref();
    this.#watches.set(request, watch);
    // A request whose client went away (a page left while its pictures loaded) ends without an
    // answer, and so without `requestCompleted`: its watch ends with the connection.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) clearTimeout(watch);
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    clearTimeout(this.#watches.get(request));
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (reply.statusCode >= 500 || responseTime >= this.#slowMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, responseTime >= this.#slowMs ? 'slow request' : 'request failed');
    } else {
      // An unwritten level is pino's no-op.
      reply.log[this.#level]({ req: request, res: reply, responseTime }, 'request completed');
    }
  }

  /** Fastify's default 404 writes the raw URL: here, redacted (decision 061). */
  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.raw.method ?? ''}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}
