import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/client';
import { aliyunSmsEnv } from './fake-sms-providers';
import { buildServer, runScript, startServer } from './server-process';

/**
 * A production database never gets the demo accounts; migrate and seed run alone. The server
 * here is the production build (`node apps/server/dist/main.js`), as `npm start` runs it.
 */
const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.resolve(process.cwd(), '.tmp', 'start-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function counts(dir: string): Promise<{ companies: number; users: number }> {
  const client = new PGlite(pgliteOptions({ dataDir: `${dir}/pglite` }));
  try {
    const companies = await client.query<{ n: number }>('select count(*)::int as n from company');
    const users = await client.query<{ n: number }>('select count(*)::int as n from "user"');
    return { companies: companies.rows[0]!.n, users: users.rows[0]!.n };
  } finally {
    await client.close();
  }
}

// A real SMS provider's settings, at a closed local port: these starts send nothing.
const PRODUCTION = {
  NODE_ENV: 'production',
  EXTERNAL_LINK_SECRET: 'a-production-secret-of-enough-length',
  ...aliyunSmsEnv('http://127.0.0.1:9'),
};

describe('production start', () => {
  it('migrates a fresh database and seeds nothing', async () => {
    const dir = dataDir();
    const server = await startServer({ ...PRODUCTION, DATA_DIR: dir });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: unknown };
    expect(health.data).toEqual({ status: 'up', database: 'pglite' });
    // No demo company answers, so nobody can sign in as the demo auditor admin.
    const company = await fetch(`${server.url}/api/index/get-company?host=localhost`);
    expect(company.status).toBe(404);
    await server.stop();
    expect(await counts(dir)).toEqual({ companies: 0, users: 0 });
  }, 90_000);

  it('refuses SEED_DEMO, SMS_PROVIDER dev or unset, and npm run db:seed', async () => {
    const dir = dataDir();
    const server = buildServer();
    const asked = await runScript(server, { ...PRODUCTION, DATA_DIR: dir, SEED_DEMO: '1', PORT: '0' });
    expect(asked.code).toBe(1);
    expect(asked.output).toMatch(/SEED_DEMO is refused in production/);

    // Without a provider SMS would go nowhere: the start is refused, naming the setting.
    const { SMS_PROVIDER: _provider, ...withoutProvider } = PRODUCTION;
    for (const env of [withoutProvider, { ...PRODUCTION, SMS_PROVIDER: 'dev' }]) {
      const noSms = await runScript(server, { ...env, DATA_DIR: dir, PORT: '0' });
      expect(noSms.code).toBe(1);
      expect(noSms.output).toMatch(/SMS_PROVIDER must be aliyun or tencent in production/);
    }

    expect((await runScript('apps/server/src/db/migrate.ts', { ...PRODUCTION, DATA_DIR: dir })).code).toBe(0);
    const seed = await runScript('apps/server/src/db/seed/run-seed.ts', { ...PRODUCTION, DATA_DIR: dir });
    expect(seed.code).toBe(1);
    expect(seed.output).toMatch(/never seeded in production/);
    expect(await counts(dir)).toEqual({ companies: 0, users: 0 });
  }, 90_000);
});

describe('npm run db:migrate and db:seed (development)', () => {
  it('migrate alone, seed an empty database once, refuse a second seed', async () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'development', DATA_DIR: dir };
    const migrated = await runScript('apps/server/src/db/migrate.ts', env);
    expect(migrated).toMatchObject({ code: 0, output: expect.stringMatching(/migrated \(pglite\)/) });
    expect(await counts(dir)).toEqual({ companies: 0, users: 0 });

    expect((await runScript('apps/server/src/db/seed/run-seed.ts', env)).code).toBe(0);
    const seeded = await counts(dir);
    expect(seeded.companies).toBe(2);
    expect(seeded.users).toBeGreaterThanOrEqual(16);

    const again = await runScript('apps/server/src/db/seed/run-seed.ts', env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already has data/);
    expect(await counts(dir)).toEqual(seeded);
  }, 90_000);
});
