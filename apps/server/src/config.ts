import { z } from 'zod';

/** The only reader of process.env (ARCHITECTURE.md, Configuration). */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMS_PROVIDER: z.enum(['dev']).default('dev'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
   * HMAC key of the signed external report list links (docs/decisions/011). A development
   * default outside production; production refuses to start without a real one.
   */
  EXTERNAL_LINK_SECRET: z.string().min(16).optional(),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'EXTERNAL_LINK_SECRET'> & { EXTERNAL_LINK_SECRET: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.EXPOSE_DEV_SMS) {
    throw new Error('Invalid configuration: EXPOSE_DEV_SMS must not be set in production');
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.EXTERNAL_LINK_SECRET) {
    throw new Error('Invalid configuration: EXTERNAL_LINK_SECRET is required in production');
  }
  return { ...parsed.data, EXTERNAL_LINK_SECRET: parsed.data.EXTERNAL_LINK_SECRET ?? DEV_EXTERNAL_LINK_SECRET };
}

/** Outside production only: links signed with it are worthless anywhere else. */
const DEV_EXTERNAL_LINK_SECRET = 'baobei-development-external-link-secret';

/** A config for tests and tools, with overrides, validated like the real one. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EXPOSE_DEV_SMS: '1', SEED_DEMO: '0', ...overrides });
}
