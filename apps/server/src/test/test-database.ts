import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, openPglite, pgliteOptions, type Database } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';

/**
 * Every API test file gets its own fresh database, migrated and seeded with the demo data.
 * The global setup finds or builds one template (a PGlite data dump under .tmp, or a PostgreSQL
 * database used as `CREATE DATABASE … TEMPLATE`); each file starts from a copy of it, so tests
 * never see each other's writes.
 *
 * The template is keyed by a hash of what makes its data (the migrations folder, the sources
 * this file imports to migrate and seed, and the versions of the database packages), so it is
 * made once and reused by every vitest run and project that comes within TEMPLATE_MAX_AGE_MS
 * (the seed's times are relative to when it ran): once per CI run and engine
 * (docs/decisions/064-fast-ci.md).
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TEMPLATE_DIR = path.join(REPO_ROOT, '.tmp');
/** A template older than this is not used: the seed's times ("reported 2 hours ago") would have moved on. */
const TEMPLATE_MAX_AGE_MS = Number(process.env.TEST_TEMPLATE_MAX_AGE_MINUTES ?? 20) * 60_000;
/** A template (of any key) older than this is removed: no run that could still copy it is left. */
const TEMPLATE_DROP_AGE_MS = 60 * 60_000;
/** The advisory lock's key under which a run finds or builds the PostgreSQL template; any fixed number. */
const TEMPLATE_LOCK = 640_641;

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The files under `dir`, recursively, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

function resolveSource(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@baobei/shared/')) base = path.join(REPO_ROOT, 'packages/shared/src', specifier.slice('@baobei/shared/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** `entry` and every source it imports, relatively or from @baobei/shared, to the end. */
function sourceClosure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const match of readFileSync(entry, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const target = resolveSource(entry, match[1] as string);
    if (target) sourceClosure(target, seen);
  }
  return seen;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'none';
  }
}

/**
 * The template's key: 16 hex digits of a hash of the migrations (apps/server/src/db/migrations/**),
 * the seed and everything it and the migrator import (this file's own import closure:
 * db/client.ts, db/schema/**, db/seed/**, lib/password.ts, the shared rules it uses) and the
 * versions of PGlite, drizzle-orm and pg. Any change there makes a new template; nothing else does.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(REPO_ROOT, 'apps/server/src/db/migrations');
  const files = new Set([...filesUnder(migrations), ...sourceClosure(fileURLToPath(import.meta.url))]);
  for (const file of [...files].sort()) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const name of ['@electric-sql/pglite', 'drizzle-orm', 'pg']) hash.update(`${name}@${packageVersion(name)}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** A template's name carries its key and when it was built (epoch seconds). */
interface TemplateName {
  name: string;
  key: string;
  builtAt: number;
}

function parseTemplate(name: string, prefix: string): TemplateName | null {
  const match = new RegExp(`^${prefix}([0-9a-f]{16})_(\\d+)`).exec(name);
  return match ? { name, key: match[1] as string, builtAt: Number(match[2]) * 1000 } : null;
}

/** The newest usable template of `key` among `names`, and the ones old enough to remove. */
export function pickTemplate(names: string[], prefix: string, key: string): { usable: TemplateName | null; stale: TemplateName[] } {
  const now = Date.now();
  const parsed = names.map((n) => parseTemplate(n, prefix)).filter((t): t is TemplateName => t !== null);
  const usable = parsed
    .filter((t) => t.key === key && now - t.builtAt < TEMPLATE_MAX_AGE_MS && now >= t.builtAt)
    .sort((a, b) => b.builtAt - a.builtAt)[0];
  return { usable: usable ?? null, stale: parsed.filter((t) => now - t.builtAt > TEMPLATE_DROP_AGE_MS) };
}

export interface TemplateInfo {
  /** The PostgreSQL template database, or the PGlite dump's path. */
  template: string;
  /** Whether this run built it (false: an earlier run's, reused). */
  built: boolean;
  seconds: number;
}

const PG_PREFIX = 'baobei_seed_';

/**
 * PostgreSQL: `baobei_seed_<key>_<built at>`, found or built under an advisory lock, so two runs
 * starting at once build it once. It is built under a temporary name and renamed when complete,
 * so a run that died half-way leaves nothing usable behind. Templates older than
 * TEMPLATE_DROP_AGE_MS are dropped (never one a run could still be copying).
 */
async function postgresTemplate(key: string): Promise<TemplateInfo> {
  const t0 = Date.now();
  return admin(async (c) => {
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'baobei\\_seed\\_%'`);
      const { usable, stale } = pickTemplate(rows.map((r) => r.datname), PG_PREFIX, key);
      for (const old of stale) {
        if (old.name === usable?.name) continue;
        // Without force: a template someone is still connected to stays for a later run to drop.
        await c.query(`drop database if exists ${old.name}`).catch(() => undefined);
      }
      for (const row of rows) {
        // A build that died before its rename (its name has no built-at time).
        if (/^baobei_seed_build_/.test(row.datname)) await c.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
      }
      if (usable) return { template: usable.name, built: false, seconds: (Date.now() - t0) / 1000 };
      const building = `baobei_seed_build_${key}_${process.pid}`;
      await c.query(`drop database if exists ${building} with (force)`);
      await c.query(`create database ${building}`);
      const database = openDatabase({ databaseUrl: withDatabase(adminUrl(), building), dataDir: '' });
      try {
        await database.migrate();
        await seedDemo(database.db);
      } finally {
        await database.close();
      }
      const name = `${PG_PREFIX}${key}_${Math.floor(Date.now() / 1000)}`;
      await c.query(`alter database ${building} rename to ${name}`);
      return { template: name, built: true, seconds: (Date.now() - t0) / 1000 };
    } finally {
      await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

const PGLITE_PREFIX = 'pglite-seed-';

/**
 * PGlite: .tmp/pglite-seed-<key>_<built at>.tar, written under a temporary name and renamed
 * into place (atomic), so a run reading one never sees it half-written and two runs building at
 * once both end with a whole file. Dumps older than TEMPLATE_DROP_AGE_MS are removed (and the
 * gzipped dumps of earlier versions of this file). Uncompressed: PGlite unzips a gzipped dump in
 * JavaScript for every file that loads it, about half of the load (1.3 → 0.7 CPU-seconds a file).
 */
async function pgliteTemplate(key: string): Promise<TemplateInfo> {
  const t0 = Date.now();
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const all = readdirSync(TEMPLATE_DIR).filter((n) => n.startsWith(PGLITE_PREFIX));
  for (const gzipped of all.filter((n) => n.endsWith('.tar.gz'))) rmSync(path.join(TEMPLATE_DIR, gzipped), { force: true });
  const { usable, stale } = pickTemplate(all.filter((n) => n.endsWith('.tar')), PGLITE_PREFIX, key);
  for (const old of stale) if (old.name !== usable?.name) rmSync(path.join(TEMPLATE_DIR, old.name), { force: true });
  // The dump of earlier versions of this file, one fixed name for every run.
  rmSync(path.join(TEMPLATE_DIR, 'pglite-template.tar.gz'), { force: true });
  if (usable) {
    return { template: path.join(TEMPLATE_DIR, usable.name), built: false, seconds: (Date.now() - t0) / 1000 };
  }
  const client = new PGlite(pgliteOptions());
  const database = openPglite(client);
  await database.migrate();
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(TEMPLATE_DIR, `${PGLITE_PREFIX}${key}_${Math.floor(Date.now() / 1000)}.tar`);
  const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return { template: file, built: true, seconds: (Date.now() - t0) / 1000 };
}

/** The seeded template for this run's engine: an earlier run's of the same key when young enough, else a new one. */
export async function findOrBuildTemplate(): Promise<TemplateInfo> {
  const key = templateKey();
  return testDatabaseKind() === 'postgres' ? postgresTemplate(key) : pgliteTemplate(key);
}

const urls = new WeakMap<Database, string>();

/**
 * Another instance's connection to a PostgreSQL test database (its own pool), as a second server
 * process would have: the multi-instance tests. Its `close` leaves the database to the first.
 */
export function openSecondInstance(database: Database): Database {
  const url = urls.get(database);
  if (!url) throw new Error('a second instance needs a PostgreSQL test database');
  return openDatabase({ databaseUrl: url, dataDir: '' });
}

/**
 * The PGlite dump, read once per worker: the api project runs without per-file isolation, so
 * every file of a worker loads its copy from this one Blob.
 */
const dumps = new Map<string, Blob>();
function templateDump(template: string): Blob {
  let dump = dumps.get(template);
  if (!dump) {
    dump = new Blob([readFileSync(template)]);
    dumps.set(template, dump);
  }
  return dump;
}

/** A fresh copy of the template for one test file; `close` drops it. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('templateDatabase');
  if (!template) {
    throw new Error('no template database: a test file that opens a database belongs to the api project (vitest.config.ts, global-setup.ts)');
  }
  if (testDatabaseKind() === 'postgres') {
    const name = `baobei_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${name} template ${template}`));
    const url = withDatabase(adminUrl(), name);
    const database = openDatabase({ databaseUrl: url, dataDir: '' });
    const opened: Database = {
      ...database,
      close: async () => {
        await database.close();
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
    urls.set(opened, url);
    return opened;
  }
  return openPglite(new PGlite(pgliteOptions({ loadDataDir: templateDump(template) })));
}

/**
 * An empty database of the test engine, with no migrations (the schema test builds one from
 * db/schema alone); `close` drops it.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') return openPglite(new PGlite(pgliteOptions()));
  const name = `baobei_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const database = openDatabase({ databaseUrl: withDatabase(adminUrl(), name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
