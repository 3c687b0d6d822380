import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { pgliteOptions } from '../db/client';
import { aliyunSmsEnv } from './fake-sms-providers';
import { buildServer, emptyDataDir, runScript, seededDataDir, startServer } from './server-process';

/**
 * A production database never gets the demo accounts; migrate and seed run alone. The server
 * here is the production build (`node apps/server/dist/main.js`), as `npm start` runs it.
 */
const dirs: string[] = [];
/** A DATA_DIR with an empty database (server-process.ts), removed after the file. */
async function dataDir(): Promise<string> {
  const dir = await emptyDataDir('start');
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
    const dir = await dataDir();
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
    const dir = await dataDir();
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

/** Starts the compiled server expecting it to refuse: the error startServer reports (exit code, output), or 'served'. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  return startServer(env).then(
    async (server) => {
      await server.stop();
      return 'served';
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe('production never serves the demo accounts (docs/decisions/058)', () => {
  it('refuses a database holding them, naming npm run demo:remove; after it the server starts and 123456 signs nobody in', async () => {
    // A development database as npm run db:migrate and db:seed leave it (their own test is below).
    const dir = await seededDataDir('start');
    dirs.push(dir);

    const refused = await refusedStart({ ...PRODUCTION, DATA_DIR: dir });
    expect(refused).toMatch(/exited with 1/);
    expect(refused).toMatch(/Refusing to start in production: 32 demo account\(s\) still sign in with the demo password 123456/);
    expect(refused).toContain('Run `npm run demo:remove`');
    expect(refused).not.toMatch(/13800000001|at main/);

    // Only the database settings, as create-admin: the production server's secrets are not needed.
    const removed = await runScript('apps/server/src/commands/remove-demo.ts', { NODE_ENV: 'production', DATA_DIR: dir });
    expect(removed.code, removed.output).toBe(0);
    expect(removed.output).toMatch(/disabled 32 demo account\(s\) \(pglite\)/);
    expect(removed.output).toMatch(/13800000001 林国栋 \(DIANZHANG\) in company 海口新房报备/);
    const again = await runScript('apps/server/src/commands/remove-demo.ts', { NODE_ENV: 'production', DATA_DIR: dir });
    expect(again).toMatchObject({ code: 0, output: expect.stringMatching(/nothing to do \(pglite\)/) });

    const server = await startServer({ ...PRODUCTION, DATA_DIR: dir });
    try {
      // fetch sends the server's address as the Host: the demo company of 127.0.0.1 answers.
      const company = (await (await fetch(`${server.url}/api/index/get-company?host=127.0.0.1`)).json()) as { data: { companyId: number } };
      const res = await fetch(`${server.url}/api/login/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', companyid: String(company.data.companyId) },
        body: JSON.stringify({ username: '13900000001', password: '123456' }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toBe(messages.login.wrongPassword);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('npm start outside production seeds only an empty database (docs/decisions/058)', () => {
  it('refuses a database holding a company the seed did not make; SEED_DEMO=0 serves it', async () => {
    const dir = await dataDir();
    const env = { NODE_ENV: 'development', DATA_DIR: dir };
    const made = await runScript('apps/server/src/commands/create-admin.ts', env, [
      '--host', 'xinfang.example.com', '--title', '琼海新房报备', '--phone', '13700000001', '--name', '王运营', '--role', 'OPERATOR',
    ]);
    expect(made.code, made.output).toBe(0);

    const refused = await refusedStart(env);
    expect(refused).toMatch(/exited with 1/);
    expect(refused).toMatch(/Refusing to seed the demo data: the database already holds 1 company the demo seed did not create/);
    expect(refused).toMatch(/Start with SEED_DEMO=0/);
    const seed = await runScript('apps/server/src/db/seed/run-seed.ts', env);
    expect(seed.code).toBe(1);
    expect(seed.output).toMatch(/Refusing to seed the demo data/);
    expect(await counts(dir)).toEqual({ companies: 1, users: 1 });

    const server = await startServer({ ...env, SEED_DEMO: '0' });
    expect((await fetch(`${server.url}/api/index/get-company?host=localhost`)).status).toBe(404);
    await server.stop();
    expect(await counts(dir)).toEqual({ companies: 1, users: 1 });
  }, 180_000);
});

describe('npm run db:migrate and db:seed (development)', () => {
  it('migrate alone, seed an empty database once, refuse a second seed', async () => {
    const dir = await dataDir();
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
