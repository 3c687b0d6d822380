import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import type { Config } from './config';
import type { Database } from './db/client';
import { envelope } from './lib/envelope';
import { instanceSecret } from './lib/instance-secrets';
import { createReadiness } from './lib/readiness';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { Redis } from 'ioredis';
import { createRateLimiter, createRedisRateLimiter } from './lib/rate-limiter';
import { NO_OPERATION_METRICS } from './lib/operation-metrics';
import { registerRequestContext, requestIdMixin } from './lib/request-context';
import { createConfiguredSmsSender } from './lib/sms-senders';
import { enforceAccessPolicies } from './plugins/access-policy';
import { authPlugin } from './plugins/auth';
import { registerClientAddress } from './plugins/client-address';
import { registerCompression } from './plugins/compression';
import { idempotencyPlugin } from './plugins/idempotency';
import { createIdempotencyRepository } from './modules/idempotency/idempotency-repository';
import { registerErrorHandler } from './plugins/error-handler';
import { registerDevRoutes } from './plugins/dev-routes';
import { registerHealthRoutes } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerPictureAddresses } from './plugins/picture-addresses';
import { RequestLogController, requestLogSerializers } from './plugins/request-log';
import { registerSecurityHeaders, securityHeaderOptions } from './plugins/security-headers';
import { tenantPlugin } from './plugins/tenant';
import { registerDemoAssets, registerWebApp } from './plugins/web-static';
import { registerConsoleApp } from './plugins/console-static';
import { createCompanyRepository } from './modules/company/company-repository';
import { createSessionRepository } from './modules/auth/session-repository';
import { createWechatClient } from './lib/wechat';
import { createPictureSigner } from './modules/upload/picture-signer';
import { createUploadStorage } from './modules/upload/storage/create-storage';
import type { ModuleOptions } from './modules/module-options';
import { MODULES } from './modules/registry';
import { registerJobQueue } from './jobs/jobs';

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 reads a bare hop count as "trust nobody", so a
 * count becomes the rule proxy-addr applies to one: the first `hops` hops are proxies.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const DEMO_ASSETS = path.resolve(here, '../assets/demo');
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the whole app on an open, migrated database. Never listens (main.ts does). */
export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // URLs without their secrets (sign, sig, tokens, codes), in request lines and errors (decisions 021, 061).
      serializers: requestLogSerializers,
      // A line any logger writes while a request is served carries its reqId (lib/request-context.ts).
      mixin: requestIdMixin,
    },
    // One line per request, at debug in production; failures and slow ones at warn (decision 032).
    logController: new RequestLogController({ level: config.LOG_REQUESTS, slowMs: config.LOG_SLOW_REQUEST_MS, stuckMs: config.LOG_STUCK_REQUEST_MS }),
    // Every log line of a request carries it as `reqId`; the answer carries it as X-Request-Id.
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // No forwarding header is believed unless TRUST_PROXY names the proxies.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by compiled schemas; outside production zod checks each one too (decision 032).
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.NODE_ENV !== 'production' }));
  registerErrorHandler(app);
  registerClientAddress(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Every /api route has a declared access policy, or the app does not start (decision 020).
  enforceAccessPolicies(app);

  // Before any route: the metrics count the routes registered after them. Off, nothing is added,
  // and jobs, SMS and exports report to nothing (docs/decisions/097).
  const metrics = config.METRICS
    ? await registerMetrics(app, { token: config.METRICS_TOKEN, poolStats: database.poolStats })
    : NO_OPERATION_METRICS;
  // Code shared by requests and jobs logs a request's lines with its reqId (lib/request-context.ts).
  registerRequestContext(app);

  // helmet's headers on every answer, computed once at start (decision 032).
  registerSecurityHeaders(app, securityHeaderOptions({ maps: Boolean(config.AMAP_KEY) }));

  // The web build first: it is precompressed at build time, and routes registered before the
  // compression plugin are never compressed again on the fly (docs/decisions/031).
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const web = await registerWebApp(app, webDist);
  await registerConsoleApp(app, path.resolve(here, '../../admin/dist')); // the operator console (decision 040)
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Baobei API', description: '报备 API. Every answer is the envelope of DECISIONS.md.', version: '0.1.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          company: { type: 'apiKey', in: 'header', name: 'companyId' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The pages that list every route: off in production unless API_DOCS says (decision 061).
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  // A configured key wins; otherwise one made once for this deployment and kept in its database.
  const externalLinkSecret = config.EXTERNAL_LINK_SECRET ?? (await instanceSecret(db, 'external-link'));
  const companies = createCompanyRepository(db);
  const sessions = createSessionRepository(db);
  await app.register(tenantPlugin, { companies });
  await app.register(authPlugin, { sessions });
  await app.register(idempotencyPlugin, { keys: createIdempotencyRepository(db) });

  // Counters shared by every instance: in Redis when configured, else in PostgreSQL.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  if (redis) {
    // QUIT needs Redis to answer; when it is down the connection is just dropped.
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    // Unheard, ioredis writes each failed reconnect to stderr; GET /api/ready reports the outage.
    redis.on('error', (error: NodeJS.ErrnoException) => app.log.warn({ code: error.code }, 'redis connection error'));
  }

  // GET /api/ready asks each configured dependency; modules add theirs (ModuleOptions.readiness).
  const readiness = createReadiness({ timeoutMs: config.READINESS_TIMEOUT_MS });
  readiness.register('database', () => db.execute(sql`select 1`));
  if (redis) readiness.register('redis', () => redis.ping());
  const limiter = redis ? createRedisRateLimiter(redis) : createRateLimiter(db);
  // Short-lived signed URLs of private pictures (decision 018); the key is derived from this one.
  // Where uploads are kept (disk or S3); private pictures in S3 are answered as presigned URLs.
  const storage = createUploadStorage(config);
  // A stored picture is its key; its public address is made when answering (docs/decisions/098).
  registerPictureAddresses(app, storage);
  const pictures = createPictureSigner(externalLinkSecret, Date.now, storage);
  const { sender: smsSender, dev: devSmsSender } = createConfiguredSmsSender(config, app.log, metrics);
  const exposeDevOutbox = config.EXPOSE_DEV_SMS && config.NODE_ENV !== 'production';
  const issuedCaptchas = new Map<string, string>();
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? createWechatClient({
          appId: config.WECHAT_APP_ID,
          appSecret: config.WECHAT_APP_SECRET,
          apiBase: config.WECHAT_API_BASE,
          openBase: config.WECHAT_OPEN_BASE,
        })
      : null;

  // The job queue first: each module defines its own jobs on it. Started when the app is ready,
  // stopped when it closes (docs/decisions/051, 073).
  const jobs = registerJobQueue(app, { config, database, metrics });

  // Each module builds its repositories and services and registers its routes (modules/registry.ts).
  const moduleOptions: ModuleOptions = {
    db,
    config,
    log: app.log,
    limiter,
    pictures,
    storage,
    demoAssets: DEMO_ASSETS,
    sms: smsSender,
    wechat,
    externalLinkSecret,
    readiness,
    jobs,
    metrics,
    ...(exposeDevOutbox ? { onCaptchaIssued: (sn: string, answer: string) => void issuedCaptchas.set(sn, answer) } : {}),
  };
  for (const module of MODULES) await app.register(module, moduleOptions);

  registerHealthRoutes(app, { readiness, database });

  if (exposeDevOutbox) registerDevRoutes(app, { db, devSms: devSmsSender, issuedCaptchas });

  await registerDemoAssets(app, DEMO_ASSETS);

  // The web app uses history routing: any non-API GET answers with its index page (no-cache).
  app.setNotFoundHandler((request, reply) => {
    if (web && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/')) {
      return web.sendIndex(reply);
    }
    return reply.status(404).send(envelope(404, null, messages.common.notFound));
  });

  return app;
}
