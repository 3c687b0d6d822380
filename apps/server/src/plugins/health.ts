import type { FastifyInstance } from 'fastify';
import { messages } from '@baobei/shared/messages';
import type { Database } from '../db/client';
import { envelope, ok } from '../lib/envelope';
import type { Readiness } from '../lib/readiness';

/**
 * The probes of a load balancer or an orchestrator, both in the envelope like every /api
 * answer, neither behind a tenant, a session or a rate limit (access-policy.ts):
 * - GET /api/health, liveness: the process answers. It touches nothing, so a slow database
 *   never gets a live instance restarted.
 * - GET /api/ready, readiness: every configured dependency answered within
 *   READINESS_TIMEOUT_MS, and the instance is not shutting down (main.ts: from the
 *   signal on, through SHUTDOWN_DRAIN_MS, until it stops taking connections); else 503 naming the parts
 *   that did not answer (`down`, `timeout`) and nothing of why.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The checks of GET /api/ready; main.ts marks it shutting down on SIGTERM. */
    readiness: Readiness;
  }
}

export function registerHealthRoutes(app: FastifyInstance, options: { readiness: Readiness; database: Database }): void {
  const { readiness, database } = options;
  app.decorate('readiness', readiness);

  app.get('/api/health', { config: { auth: 'none', tenant: 'none' }, schema: { hide: true } }, async () =>
    ok({ status: 'up', database: database.kind }),
  );

  app.get('/api/ready', { config: { auth: 'none', tenant: 'none' }, schema: { hide: true } }, async (_request, reply) => {
    const report = await readiness.report();
    const data = { status: report.ready ? 'ready' : 'not ready', shuttingDown: report.shuttingDown, checks: report.checks };
    if (report.ready) return ok(data);
    return reply.status(503).send(envelope(503, data, messages.common.serverError));
  });

}
