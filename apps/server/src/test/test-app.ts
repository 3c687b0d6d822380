import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from './test-database';

/** Demo hosts and company ids as the seed creates them. */
export const HOSTS = { localhost: 'localhost', second: '127.0.0.1' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** `app.inject` with the page host and the company header of that host. */
  call(options: InjectOptions & { host?: string; token?: string; companyId?: number }): Promise<LightMyRequestResponse>;
  companyIdOf(host: string): Promise<number>;
  login(phone: string, options?: { host?: string; password?: string }): Promise<string>;
  /**
   * A console session (`/api/admin/auth/sign`), each from an address of its own, so a file's
   * sign-ins never meet the per-address limits the console's sign-in tests are about.
   */
  consoleLogin(phone: string, options?: { host?: string | undefined; password?: string | undefined }): Promise<string>;
  /**
   * A session of the account, signed in on first use and kept for the app's life, so a file
   * signs each account in once (a test that ends sessions signs in afresh with `login`).
   */
  tokenOf(phone: string, host?: string): Promise<string>;
  /** POST as the account, on its kept session, to the page host `host` (localhost by default). */
  postAs(url: string, phone: string, payload?: object, host?: string): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  /** Routes a test adds to the real app, before it is ready (e.g. to probe a plugin). */
  extraRoutes?: (app: FastifyInstance, database: Database) => Promise<void>;
  /** Configuration overrides, as environment strings (e.g. WeChat credentials and a fake's URL). */
  config?: Partial<Record<keyof Config, string>>;
  /** Where the server log goes (e.g. to read what the development SMS adapter logged). */
  logStream?: NodeJS.WritableStream;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(options.config), database, options.logStream ? { logStream: options.logStream } : {});
  const { extraRoutes } = options;
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope, database));
  await app.ready();
  const companyIds = new Map<string, number>();

  async function companyIdOf(host: string): Promise<number> {
    const cached = companyIds.get(host);
    if (cached) return cached;
    const res = await app.inject({ method: 'GET', url: `/api/index/get-company?host=${host}` });
    const id = res.json().data.companyId as number;
    companyIds.set(host, id);
    return id;
  }

  async function call(
    options: InjectOptions & { host?: string; token?: string; companyId?: number },
  ): Promise<LightMyRequestResponse> {
    const { host = HOSTS.localhost, token, companyId, headers, ...rest } = options;
    const cid = companyId ?? (await companyIdOf(host));
    return app.inject({
      ...rest,
      headers: {
        host,
        companyid: String(cid),
        ...(token ? { authorization: token } : {}),
        ...headers,
      },
    });
  }

  async function login(phone: string, opts: { host?: string; password?: string } = {}): Promise<string> {
    const res = await call({
      method: 'POST',
      url: '/api/login/sign',
      host: opts.host,
      payload: { username: phone, password: opts.password ?? '123456' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${phone} failed: ${res.body}`);
    return res.json().data.token as string;
  }

  let consoleSignIns = 0;
  async function consoleLogin(phone: string, opts: { host?: string | undefined; password?: string | undefined } = {}): Promise<string> {
    consoleSignIns += 1;
    const res = await call({
      method: 'POST',
      url: '/api/admin/auth/sign',
      host: opts.host,
      remoteAddress: `10.250.${(consoleSignIns >> 8) & 255}.${consoleSignIns & 255}`,
      payload: { phone, password: opts.password ?? '123456' },
    });
    if (res.statusCode !== 200) throw new Error(`console sign-in ${phone} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  }

  const sessions = new Map<string, string>();
  async function tokenOf(phone: string, host: string = HOSTS.localhost): Promise<string> {
    const key = `${host}|${phone}`;
    let token = sessions.get(key);
    if (!token) {
      token = await login(phone, { host });
      sessions.set(key, token);
    }
    return token;
  }

  async function postAs(url: string, phone: string, payload: object = {}, host: string = HOSTS.localhost): Promise<LightMyRequestResponse> {
    return call({ method: 'POST', url, payload, token: await tokenOf(phone, host), host });
  }

  return {
    app,
    database,
    call,
    companyIdOf,
    login,
    consoleLogin,
    tokenOf,
    postAs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
