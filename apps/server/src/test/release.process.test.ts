import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSmsEnv } from './fake-sms-providers';
import { scratchPostgres } from './scratch-postgres';
import { runScript, startServer, type ServerProcess } from './server-process';

/**
 * Issue 34 item 1 (docs/decisions/096): `npm run release`'s archive, unpacked into an empty folder
 * outside the repository (so no package can come from the repository's node_modules), runs with
 * `node` alone on PostgreSQL: its compiled migrate and create-admin, then the server, to a 200 on
 * /api/ready with the web app and the console served. Packs the builds CI made before the tests.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('release test skipped: it needs TEST_DATABASE_URL (PostgreSQL)');

const ROOT = process.cwd();
const PRODUCTION = {
  NODE_ENV: 'production',
  EXTERNAL_LINK_SECRET: 'a-release-test-secret-of-enough-length',
  ...aliyunSmsEnv('http://127.0.0.1:9'),
};

let work: string;
let app: string;
let databaseUrl: string;
let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
let archive: string;
let server: ServerProcess | undefined;

describe.runIf(Boolean(ADMIN_URL))('the release archive', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'baobei-release-'));
    const out = path.join(work, 'out');
    const packed = spawnSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, RELEASE_DIR: out },
      encoding: 'utf8',
    });
    expect(packed.status, `${packed.stdout}${packed.stderr}`).toBe(0);
    const name = readdirSync(out).find((file) => file.endsWith('.tar.gz'));
    expect(name).toMatch(/^baobei-0\.1\.0(\+[0-9a-f]+)?-linux-x64\.tar\.gz$/);
    archive = path.join(out, name!);
    app = path.join(work, 'app');
    mkdirSync(app);
    const unpacked = spawnSync('tar', ['-xzf', archive, '-C', app, '--strip-components=1'], { encoding: 'utf8' });
    expect(unpacked.status, unpacked.stderr).toBe(0);
    database = await scratchPostgres(ADMIN_URL!, 'release');
    databaseUrl = database.url;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('carries its SHA-256, the builds and the production dependencies only', () => {
    const [sum, file] = readFileSync(`${archive}.sha256`, 'utf8').trim().split(/\s+/);
    expect(file).toBe(path.basename(archive));
    expect(sum).toBe(createHash('sha256').update(readFileSync(archive)).digest('hex'));

    const present = (relative: string) => existsSync(path.join(app, relative));
    for (const file of ['apps/server/dist/main.js', 'apps/server/dist/migrate.js', 'apps/server/dist/create-admin.js', 'apps/server/dist/remove-demo.js', 'apps/server/dist/tracing.js', 'apps/web/dist/index.html', 'apps/admin/dist/index.html', 'deploy/baobei.service', 'deploy/nginx/baobei.conf']) {
      expect(present(file), file).toBe(true);
    }
    expect(readdirSync(path.join(app, 'apps/server/dist/migrations')).some((file) => file.endsWith('.sql'))).toBe(true);
    // Production dependencies, the platform packages among them; no sources, no build or test tools.
    for (const dependency of ['fastify', 'pg', 'sharp', '@node-rs/argon2', '@electric-sql/pglite', '@aws-sdk/client-s3']) {
      expect(present(`node_modules/${dependency}/package.json`), dependency).toBe(true);
    }
    for (const absent of ['apps/server/src', 'packages', 'node_modules/tsx', 'node_modules/vitest', 'node_modules/vite', 'node_modules/typescript', 'node_modules/@baobei']) {
      expect(present(absent), absent).toBe(false);
    }
    const scripts = (JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts).toEqual({
      start: 'node --import ./apps/server/dist/tracing.js apps/server/dist/main.js',
      'db:migrate': 'node apps/server/dist/migrate.js',
      'create-admin': 'node apps/server/dist/create-admin.js',
      'demo:remove': 'node apps/server/dist/remove-demo.js',
    });
  });

  it('migrates, creates the first operator and serves /api/ready, the web app and the console with node alone', async () => {
    const dist = path.join(app, 'apps/server/dist');
    const migrated = await runScript(path.join(dist, 'migrate.js'), { ...PRODUCTION, DATABASE_URL: databaseUrl });
    expect(migrated, migrated.output).toMatchObject({ code: 0, output: expect.stringContaining('migrated (postgres)') });

    const created = await runScript(path.join(dist, 'create-admin.js'), { NODE_ENV: 'production', DATABASE_URL: databaseUrl }, [
      '--host', '127.0.0.1', '--title', '发布检查公司', '--phone', '13700000009', '--name', '王运营', '--role', 'OPERATOR',
    ]);
    expect(created.code, created.output).toBe(0);
    // The tracing preload finds every package it loads once a collector is named (some are the
    // server's own versions, in apps/server/node_modules).
    const tracing = await runScript(path.join(dist, 'tracing.js'), { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(tracing, tracing.output).toMatchObject({ code: 0 });
    const removed = await runScript(path.join(dist, 'remove-demo.js'), { NODE_ENV: 'production', DATABASE_URL: databaseUrl });
    expect(removed, removed.output).toMatchObject({ code: 0, output: expect.stringMatching(/nothing to do \(postgres\)/) });

    // As the unit and the release's npm start run it: with the tracing preload (inert without its endpoint).
    server = await startServer({ ...PRODUCTION, DATABASE_URL: databaseUrl }, 120_000, {
      entry: path.join(dist, 'main.js'),
      nodeArgs: ['--import', path.join(dist, 'tracing.js')],
    });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status, await ready.clone().text()).toBe(200);
    // The host 127.0.0.1 is the company create-admin made: its name is in the served page.
    const company = (await (await fetch(`${server.url}/api/index/get-company?host=127.0.0.1`)).json()) as { data: { title: string } };
    expect(company.data.title).toBe('发布检查公司');
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const console = await fetch(`${server.url}/admin/`);
    expect(console.status).toBe(200);
    expect(console.headers.get('content-type')).toMatch(/text\/html/);
  }, 180_000);
});
