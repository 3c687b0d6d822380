import { isIP } from 'node:net';
import { z } from 'zod';

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
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMS_PROVIDER: z.enum(['dev']).default('dev'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The level of the one line each answered request logs (docs/decisions/032): unset, `debug`
   * in production (not written at the default LOG_LEVEL) and `info` elsewhere. Failures (5xx)
   * and requests slower than LOG_SLOW_REQUEST_MS are logged at `warn` whatever this says.
   */
  LOG_REQUESTS: z.enum(['info', 'debug']).optional(),
  /** A request answered later than this many milliseconds is logged at `warn`. */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(500),
  WEB_DIST: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().default('https://api.weixin.qq.com'),
  WECHAT_OPEN_BASE: z.string().default('https://open.weixin.qq.com'),
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

export type Config = Omit<z.infer<typeof configSchema>, 'SEED_DEMO' | 'LOG_REQUESTS'> & {
  SEED_DEMO: boolean;
  LOG_REQUESTS: 'info' | 'debug';
};

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
  if (production && parsed.data.SEED_DEMO) {
    throw new Error('Invalid configuration: SEED_DEMO is refused in production (the demo accounts share one known password)');
  }
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? !production,
    LOG_REQUESTS: parsed.data.LOG_REQUESTS ?? (production ? 'debug' : 'info'),
  };
}

/** A config for tests and tools, with overrides, validated like the real one. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EXPOSE_DEV_SMS: '1', SEED_DEMO: '0', ...overrides });
}
