import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import { Gauge, Registry } from 'prom-client';
import { messages } from '@baobei/shared/messages';
import type { PoolStats } from '../db/client';
import { envelope } from '../lib/envelope';
import { createOperationMetrics, type OperationMetrics } from '../lib/operation-metrics';

export const METRICS_PATH = '/metrics';

/** Request latency buckets in seconds: the API answers in milliseconds, a slow one in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (the digests have one length). */
function bearerCheck(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(envelope(401, null, messages.common.unauthorized));
    }
  };
}

/**
 * Prometheus metrics at GET /metrics through fastify-metrics (prom-client): the process's
 * default metrics, a latency histogram of every registered route labelled with its method,
 * route pattern (`/uploads/:year/:name`, never the raw URL, so ids do not multiply the
 * series) and status, whose `_count` is the request count, and the database pool's gauges.
 * Registered only when METRICS=on (app.ts): off, not one hook runs per request. Answers the
 * registry's OperationMetrics, through which jobs, SMS and exports report (docs/decisions/097).
 * With a token the endpoint answers only `Authorization: Bearer <token>`; production refuses
 * to start with metrics on and no token (config.ts).
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { token?: string; poolStats?: () => PoolStats },
): Promise<OperationMetrics> {
  // The app's own registry: a second app in one process (tests) does not collide.
  const registry = new Registry();
  const endpoint = {
    url: METRICS_PATH,
    method: 'GET',
    logLevel: 'warn',
    exposeHeadRoute: false,
    // A scrape is not a request of the product: it is not counted.
    config: { disableMetrics: true },
    ...(options.token ? { onRequest: bearerCheck(options.token) } : {}),
  } as RouteOptions;
  await app.register(fastifyMetrics, {
    endpoint,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // HEAD and OPTIONS only echo a GET; the rest of the default list is never routed.
      methodBlacklist: ['HEAD', 'OPTIONS', 'TRACE', 'CONNECT'],
      overrides: { histogram: { buckets: LATENCY_BUCKETS, registers: [registry] } },
    },
  });

  const { poolStats } = options;
  if (poolStats) {
    const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    gauge('db_pool_connections', 'Open connections of the PostgreSQL pool, busy or idle', (s) => s.total);
    gauge('db_pool_idle_connections', 'Idle connections of the PostgreSQL pool', (s) => s.idle);
    gauge('db_pool_waiting_queries', 'Queries waiting for a connection of the PostgreSQL pool', (s) => s.waiting);
  }
  return createOperationMetrics(registry);
}
