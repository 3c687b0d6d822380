import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per answered request (docs/decisions/032), in place of Fastify's two
 * (`incoming request` and `request completed`, both at info): at `level` (`debug` in
 * production, so not written at the default LOG_LEVEL), and at `warn` for a failure (5xx) or
 * a request slower than `slowMs`, whatever the level. The line carries the request's method,
 * its URL with the secrets redacted (app.ts's `req` serializer), the status and the time.
 * Fastify's other lines (a stream error, an unknown route, a serializer error) are as before.
 */
export class RequestLogController extends LogController {
  readonly #level: 'info' | 'debug';
  readonly #slowMs: number;

  constructor(options: { level: 'info' | 'debug'; slowMs: number }) {
    super();
    this.#level = options.level;
    this.#slowMs = options.slowMs;
  }

  override incomingRequest(): void {
    // Written with the answer instead: one line per request.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
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
}
