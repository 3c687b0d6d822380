import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The server's own `data` folder (apps/server/data), wherever a command starts from: `npm start`
 * runs in apps/server, `npm run db:migrate` and `create-admin` at the root, and a relative
 * default gave each its own database. The bundle (dist/main.js) sits where src/config.ts does.
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));

/**
 * TRUST_PROXY: unset, no forwarding header is believed and the client IP is
 * the socket's peer, so nobody resets a per-IP limit by writing X-Forwarded-For. Behind nginx or
 * a cloud load balancer, either
 * - the proxies' addresses and CIDR ranges, comma-separated (`10.0.0.1,10.0.0.0/8`), or
 *   proxy-addr's names `loopback`, `linklocal`, `uniquelocal`: a hop is believed only when it
 *   comes from one of them; or
 * - the number of proxy hops in front of the app (`1`), for load balancers whose addresses
 *   change: the client is that many hops back. Only where the app cannot be reached but
 *   through those proxies, since a direct caller could then write its own chain.
 * `true` (believe any sender) is refused: it is the hole this setting closes.
 */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
    const isRange = (e: string) => {
      const [address = '', bits] = e.split('/');
      return isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
    };
    const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !isRange(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count, proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, got ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxySchema,
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /**
   * Where SMS go: `dev` writes them to the log (refused in production), `aliyun` or `tencent`
   * send them, each with its settings below, SMS_SIGN_NAME and one template per message.
   */
  SMS_PROVIDER: z.enum(['dev', 'aliyun', 'tencent']).default('dev'),
  /** The approved signature the provider puts in front of every message (【…】). */
  SMS_SIGN_NAME: z.string().optional(),
  /** Template codes (Aliyun `SMS_…`) or ids (Tencent), one per message kind (lib/sms.ts). */
  SMS_TEMPLATE_LOGIN_CODE: z.string().optional(),
  SMS_TEMPLATE_PASSWORD_CODE: z.string().optional(),
  SMS_TEMPLATE_PHONE_CHANGE_CODE: z.string().optional(),
  SMS_TEMPLATE_REGISTRATION_APPROVED: z.string().optional(),
  SMS_TEMPLATE_REGISTRATION_REJECTED: z.string().optional(),
  /**
   * Notifications by SMS (docs/decisions/054), variables title and content. Optional: without it
   * a real provider sends no notification SMS (the company's 短信通知 kinds go in-app only).
   */
  SMS_TEMPLATE_NOTIFICATION: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_ALIYUN_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com'),
  SMS_TENCENT_SECRET_ID: z.string().optional(),
  SMS_TENCENT_SECRET_KEY: z.string().optional(),
  SMS_TENCENT_SDK_APP_ID: z.string().optional(),
  SMS_TENCENT_REGION: z.string().default('ap-guangzhou'),
  SMS_TENCENT_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://sms.tencentcloudapi.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The level of the one line each answered request logs (docs/decisions/032): unset, `debug`
   * in production (not written at the default LOG_LEVEL) and `info` elsewhere. Failures (5xx)
   * and requests slower than LOG_SLOW_REQUEST_MS are logged at `warn` whatever this says.
   */
  LOG_REQUESTS: z.enum(['info', 'debug']).optional(),
  /** A request answered later than this many milliseconds is logged at `warn`. */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(500),
  /** A request still unanswered after this many milliseconds is logged at `warn` once, while it runs. */
  LOG_STUCK_REQUEST_MS: z.coerce.number().int().min(1).default(10_000),
  /**
   * Prometheus metrics at GET /metrics (plugins/metrics.ts): `on` or `off`. Off, the route does
   * not exist and no metrics hook runs on any request.
   */
  METRICS: z
    .enum(['on', 'off', '1', '0', 'true', 'false'])
    .default('off')
    .transform((v) => v === 'on' || v === '1' || v === 'true'),
  /**
   * With it, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (Prometheus's
   * `authorization: { credentials: … }`). Production refuses METRICS=on without one.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * OpenTelemetry traces (docs/decisions/099): the OTLP/HTTP collector they are sent to, e.g.
   * `http://otel-collector:4318` (`/v1/traces` is added). Unset: no trace is made. Read by
   * dist/tracing.js, which the server must be started with (`node --import`) to trace.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The service name of the traces (the resource's service.name). */
  OTEL_SERVICE_NAME: z.string().min(1).default('baobei'),
  /**
   * The OpenAPI pages at /api/docs (swagger-ui) and /api/docs/json (docs/decisions/061): unset,
   * on outside production and off in production, where they would list every route to anyone.
   */
  API_DOCS: z
    .enum(['on', 'off', '1', '0', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'on' || v === '1' || v === 'true')),
  /**
   * On SIGTERM or SIGINT, GET /api/ready answers 503 at once and the server goes on serving
   * for this long, so a load balancer that polls readiness stops sending before the port
   * closes. 0 (the default) closes the port at once: right where the load balancer learns of
   * the stop from the orchestrator itself.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  /**
   * Then the server stops taking connections and waits this long for the
   * requests in flight; then it cuts the connections left, closes the pools and exits.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * The job queue (docs/decisions/051): on, every instance runs the scheduled jobs' workers (each
   * job runs on one). Tests build apps with it off and start it where they test it.
   */
  JOBS: z
    .enum(['on', 'off', '1', '0', 'true', 'false'])
    .default('on')
    .transform((v) => v === 'on' || v === '1' || v === 'true'),
  /** GET /api/ready counts a dependency (database, Redis, storage) down after this long. */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
  /**
   * The console's Excel exports (docs/decisions/060): one running per operator always; at most
   * this many running at once in one process, and EXPORT_RUNNING_TOTAL across every instance on
   * the database; an operator may start EXPORT_RATE_PER_10_MIN in ten minutes. Past them, 429.
   */
  EXPORT_RUNNING_PER_INSTANCE: z.coerce.number().int().min(1).default(2),
  EXPORT_RUNNING_TOTAL: z.coerce.number().int().min(1).default(4),
  EXPORT_RATE_PER_10_MIN: z.coerce.number().int().min(1).default(20),
  /**
   * Where uploaded pictures are kept: `disk` (DATA_DIR/uploads, the default; one instance only)
   * or `s3`, an S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO, AWS) with the S3_ settings.
   */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** The service's endpoint, e.g. https://oss-cn-hangzhou.aliyuncs.com, https://cos.ap-guangzhou.myqcloud.com. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The region signatures name (oss-cn-hangzhou, ap-guangzhou; MinIO: us-east-1). */
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for https://endpoint/bucket/key (MinIO); unset, https://bucket.endpoint/key (OSS, COS, AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .transform((v) => v === '1' || v === 'true'),
  /** The URL public pictures are read at (a CDN in front of the bucket's root); unset, the bucket's own URL. */
  S3_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The company lookup of the registration form (docs/decisions/013, modules/registration):
   * `http`, a business-registry API of the 企查查 shape with the COMPANY_REGISTRY_ settings
   * (company-registry-http.ts); `builtin`, the 32 Hainan agencies of the development list
   * (refused in production); `none`, no lookup: the form takes a typed name and credit code.
   * Unset, `builtin` outside production and `none` in production.
   */
  COMPANY_REGISTRY: z.enum(['builtin', 'http', 'none']).optional(),
  /** The API's base URL; the adapter calls `{base}/fuzzy-search` and `{base}/basic-info`. */
  COMPANY_REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The account's key (sent as the `key` query parameter). */
  COMPANY_REGISTRY_KEY: z.string().optional(),
  /** The account's secret key: signs each call (Token = MD5(key + Timespan + secret), upper case). */
  COMPANY_REGISTRY_SECRET: z.string().optional(),
  /** A lookup not answered in this long counts as failed and the form asks for the code by hand. */
  COMPANY_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(1).default(3_000),
  WEB_DIST: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().default('https://api.weixin.qq.com'),
  WECHAT_OPEN_BASE: z.string().default('https://open.weixin.qq.com'),
  /**
   * WeChat template message ids per notification kind (docs/decisions/054), each optional: a
   * kind without one is not sent by WeChat. The template's fields: first, keyword1 (the
   * content), keyword2 (the time), remark (the company).
   */
  WECHAT_TEMPLATE_RECORD_STATUS: z.string().optional(),
  WECHAT_TEMPLATE_RECORD_DYNAMIC: z.string().optional(),
  WECHAT_TEMPLATE_RECORD_NEW: z.string().optional(),
  WECHAT_TEMPLATE_PROTECTION_WARNING: z.string().optional(),
  WECHAT_TEMPLATE_REGISTRATION_DECIDED: z.string().optional(),
  WECHAT_TEMPLATE_COMMISSION: z.string().optional(),
  WECHAT_TEMPLATE_VISIT_REMINDER: z.string().optional(),
  AMAP_KEY: z.string().optional(),
  AMAP_SECURITY_CODE: z.string().optional(),
  CALCULATOR_URL: z.string().default(''),
  /** Lets tests read SMS codes from the development adapter; refused in production. */
  EXPOSE_DEV_SMS: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * HMAC key of the signed external report list links (docs/decisions/011). Production
   * refuses to start without one; elsewhere, unset means a random key the deployment makes
   * once and keeps in its database (lib/instance-secrets.ts).
   */
  EXTERNAL_LINK_SECRET: z.string().min(16).optional(),
  /**
   * Seed the demo companies and accounts (password 123456) into an empty database at start.
   * Outside production only: unset means on there, and production refuses it.
   */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
});

/** What STORAGE=s3 cannot start without. */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** What COMPANY_REGISTRY=http cannot start without. */
const COMPANY_REGISTRY_HTTP_SETTINGS = ['COMPANY_REGISTRY_URL', 'COMPANY_REGISTRY_KEY', 'COMPANY_REGISTRY_SECRET'] as const;

/** The settings each SMS provider needs, besides the sign name and the five templates. */
const SMS_PROVIDER_SETTINGS = {
  dev: [],
  aliyun: ['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET'],
  tencent: ['SMS_TENCENT_SECRET_ID', 'SMS_TENCENT_SECRET_KEY', 'SMS_TENCENT_SDK_APP_ID'],
} as const;
const SMS_MESSAGE_SETTINGS = [
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_LOGIN_CODE',
  'SMS_TEMPLATE_PASSWORD_CODE',
  'SMS_TEMPLATE_PHONE_CHANGE_CODE',
  'SMS_TEMPLATE_REGISTRATION_APPROVED',
  'SMS_TEMPLATE_REGISTRATION_REJECTED',
] as const;

/** Every setting this file reads from the environment (docs/deploy.md lists each: config-guide.test.ts). */
export const CONFIG_KEYS = Object.keys(configSchema.shape).sort();

function missingSmsSettings(data: z.infer<typeof configSchema>): string[] {
  if (data.SMS_PROVIDER === 'dev') return [];
  return [...SMS_PROVIDER_SETTINGS[data.SMS_PROVIDER], ...SMS_MESSAGE_SETTINGS].filter((name) => !data[name]?.trim());
}

export type Config = Omit<z.infer<typeof configSchema>, 'SEED_DEMO' | 'LOG_REQUESTS' | 'COMPANY_REGISTRY' | 'API_DOCS'> & {
  SEED_DEMO: boolean;
  API_DOCS: boolean;
  LOG_REQUESTS: 'info' | 'debug';
  COMPANY_REGISTRY: 'builtin' | 'http' | 'none';
};

/**
 * The database settings alone, for a command that needs nothing else (npm run create-admin,
 * docs/decisions/039): it runs on a production database without the server's other settings.
 */
export function loadDatabaseConfig(env: Record<string, string | undefined> = process.env): Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'DATABASE_URL'> {
  const parsed = configSchema.pick({ NODE_ENV: true, DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** The tracing settings alone, for dist/tracing.js, which runs before the server reads the rest. */
export function loadTracingConfig(env: Record<string, string | undefined> = process.env): Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'> {
  const parsed = configSchema.pick({ OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_SERVICE_NAME: true }).safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.EXPOSE_DEV_SMS) {
    throw new Error('Invalid configuration: EXPOSE_DEV_SMS must not be set in production');
  }
  const production = parsed.data.NODE_ENV === 'production';
  if (production && !parsed.data.EXTERNAL_LINK_SECRET) {
    throw new Error('Invalid configuration: EXTERNAL_LINK_SECRET is required in production');
  }
  const missingSms = missingSmsSettings(parsed.data);
  if (missingSms.length) {
    throw new Error(`Invalid configuration: SMS_PROVIDER=${parsed.data.SMS_PROVIDER} needs ${missingSms.join(', ')}`);
  }
  const missingStorage = parsed.data.STORAGE === 's3' ? S3_SETTINGS.filter((name) => !parsed.data[name]?.trim()) : [];
  if (missingStorage.length) {
    throw new Error(`Invalid configuration: STORAGE=s3 needs ${missingStorage.join(', ')}`);
  }
  const missingRegistry =
    parsed.data.COMPANY_REGISTRY === 'http' ? COMPANY_REGISTRY_HTTP_SETTINGS.filter((name) => !parsed.data[name]?.trim()) : [];
  if (missingRegistry.length) {
    throw new Error(`Invalid configuration: COMPANY_REGISTRY=http needs ${missingRegistry.join(', ')}`);
  }
  if (production && parsed.data.COMPANY_REGISTRY === 'builtin') {
    throw new Error(
      'Invalid configuration: COMPANY_REGISTRY=builtin is refused in production (a development list of 32 names); use http, or none for typed names and codes',
    );
  }
  if (production && parsed.data.SMS_PROVIDER === 'dev') {
    throw new Error(
      'Invalid configuration: SMS_PROVIDER must be aliyun or tencent in production (dev sends nothing, it only writes to the log)',
    );
  }
  if (production && parsed.data.METRICS && !parsed.data.METRICS_TOKEN) {
    throw new Error('Invalid configuration: METRICS=on needs METRICS_TOKEN in production (the metrics name every route and its traffic)');
  }
  if (production && parsed.data.SEED_DEMO) {
    throw new Error('Invalid configuration: SEED_DEMO is refused in production (the demo accounts share one known password)');
  }
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? !production,
    API_DOCS: parsed.data.API_DOCS ?? !production,
    LOG_REQUESTS: parsed.data.LOG_REQUESTS ?? (production ? 'debug' : 'info'),
    COMPANY_REGISTRY: parsed.data.COMPANY_REGISTRY ?? (production ? 'none' : 'builtin'),
  };
}

/** A config for tests and tools, with overrides, validated like the real one. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EXPOSE_DEV_SMS: '1', SEED_DEMO: '0', JOBS: '0', ...overrides });
}
