import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteOptions } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';
import { freePort } from './free-port';
import { pickTemplate, templateKey } from './test-database';

/**
 * The real server as its own process, for the tests that must stop it the hard way (kill -9)
 * or watch what it does at start: the production build (`node apps/server/dist/main.js`, what
 * `npm start` runs), made from the current sources once per test file. Plain `node`, no
 * wrapper process, so the pid is the server's own.
 */
const SERVER_ROOT = path.resolve(process.cwd(), 'apps/server');
export const COMPILED_SERVER = path.join(SERVER_ROOT, 'dist/main.js');

let built = false;
/** Builds apps/server/dist from the sources (esbuild, under a second) the first time it is asked. */
export function buildServer(): string {
  if (built) return COMPILED_SERVER;
  const build = spawnSync(process.execPath, [path.join(SERVER_ROOT, 'build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  built = true;
  return COMPILED_SERVER;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait: the server closes cleanly. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
}

/** What a child gets of this process's environment: the PATH, and Node's compile cache when the run keeps one (scripts/test.mjs). */
function inherited(): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE;
  return { PATH: process.env.PATH ?? '', ...(cache ? { NODE_COMPILE_CACHE: cache } : {}) };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/**
 * Starts the compiled server with `env` on a free port and waits until /api/health answers;
 * `entry` another compiled server (an unpacked release's), started in its own folder;
 * `nodeArgs` Node's own options before it (`--import` of the tracing preload).
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { entry, nodeArgs = [] }: { entry?: string; nodeArgs?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, entry ?? buildServer()], {
    env: { ...inherited(), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(entry ? { cwd: path.dirname(entry) } : {}),
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await server.kill();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${log}`);
}

/** Runs a package script's file (db:migrate, db:seed: TypeScript through tsx; or the compiled server) to its end. */
export async function runScript(
  file: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<{ code: number | null; output: string }> {
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, path.resolve(process.cwd(), file), ...args], {
    env: { ...inherited(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  await exited(child);
  return { code: child.exitCode, output };
}

const TMP = path.resolve(process.cwd(), '.tmp');
const SEEDED_PREFIX = 'pglite-seeded-';

/**
 * Makes `dir` once with `build` (into a temporary name, renamed into place, so a run reading it
 * never sees half of it and two runs building at once both end with a whole one).
 */
async function onceAt(dir: string, build: (into: string) => Promise<void>): Promise<string> {
  if (existsSync(dir)) return dir;
  mkdirSync(TMP, { recursive: true });
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build(partial);
  try {
    renameSync(partial, dir);
  } catch {
    // Another run renamed its own first: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}

/** A new data directory under .tmp (DATA_DIR) holding a copy of the PGlite cluster `source`. */
function dataDirFrom(prefix: string, source: string): string {
  const dir = mkdtempSync(path.join(TMP, `${prefix}-`));
  cpSync(source, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * A DATA_DIR with an empty database: a copy of a PGlite cluster initialised once per PGlite
 * version (.tmp/pglite-empty-<version>), instead of PGlite's initdb (about 5 CPU-seconds) in
 * every test. What the server does on a truly empty directory, initdb included, is what the
 * browser journeys' server does at every run.
 */
export async function emptyDataDir(prefix: string): Promise<string> {
  return dataDirFrom(prefix, await emptyCluster());
}

async function emptyCluster(): Promise<string> {
  const version = (JSON.parse(readFileSync(path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  return onceAt(path.join(TMP, `pglite-empty-${version}`), async (into) => {
    const client = new PGlite({ dataDir: into });
    await client.query('select 1');
    await client.close();
  });
}

/**
 * A DATA_DIR holding the demo database, migrated and seeded as `npm start` leaves it, for the
 * tests whose subject comes after the start (shutdown, kill -9, the demo-account refusal): a
 * copy of one made per key of the migrations and seed (test-database.ts's templateKey) within
 * the template's age limits. Seeding an empty database at start is the subject of other tests here.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const key = templateKey();
  // The same rules as the API tests' template (test-database.ts): usable while young, removed when stale.
  const { usable, stale } = pickTemplate(existsSync(TMP) ? readdirSync(TMP) : [], SEEDED_PREFIX, key);
  for (const old of stale) if (old.name !== usable?.name) rmSync(path.join(TMP, old.name), { recursive: true, force: true });
  if (usable) return dataDirFrom(prefix, path.join(TMP, usable.name));
  const empty = await emptyCluster();
  const cluster = await onceAt(path.join(TMP, `${SEEDED_PREFIX}${key}_${Math.floor(Date.now() / 1000)}`), async (into) => {
    cpSync(empty, into, { recursive: true });
    const database = openPglite(new PGlite(pgliteOptions({ dataDir: into })));
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
  });
  return dataDirFrom(prefix, cluster);
}
