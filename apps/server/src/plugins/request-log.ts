import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * One log line per answered request (docs/decisions/032), in place of Fastify's two
 * (`incoming request` and `request completed`, both at info): at `level` (`debug` in
 * production, so not written at the default LOG_LEVEL), and at `warn` for a failure (5xx) or
 * a request slower than `slowMs`, whatever the level. The line carries the request's method,
 * its URL with the secrets redacted (app.ts's `req` serializer), the status and the time.
 */
export function registerRequestLog(app: FastifyInstance, options: { level: 'info' | 'debug'; slowMs: number }): void {
  const { level, slowMs } = options;
  // The level is the logger's for the whole run: an unwritten line costs one comparison.
  const everyRequest = (app.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.(level) ?? true;
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    const failed = reply.statusCode >= 500;
    const slow = responseTime >= slowMs;
    if (failed || slow) {
      request.log.warn({ req: request, res: reply, responseTime }, slow ? 'slow request' : 'request failed');
    } else if (everyRequest) {
      request.log[level]({ req: request, res: reply, responseTime }, 'request completed');
    }
    done();
  });
}
