import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, openPglite, pgliteOptions, type Database } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';

/**
 * Every API test file gets its own fresh database, migrated and seeded with the demo data.
 * The global setup builds one template (a PGlite data dump, or a PostgreSQL template
 * database); each file starts from a copy of it, so tests never see each other's writes.
 */
const TEMPLATE_DIR = path.resolve(process.cwd(), '.tmp');
const PGLITE_TEMPLATE = path.join(TEMPLATE_DIR, 'pglite-template.tar.gz');

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

export async function buildTemplate(provide: (name: string) => void): Promise<() => Promise<void>> {
  if (testDatabaseKind() === 'postgres') {
    const name = `baobei_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const database = openDatabase({ databaseUrl: withDatabase(adminUrl(), name), dataDir: '' });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    provide(name);
    return async () => {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    };
  }
  const client = new PGlite(pgliteOptions());
  const database = openPglite(client);
  await database.migrate();
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return async () => {};
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

/** A fresh copy of the template for one test file; `close` drops it. */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'postgres') {
    const template = inject('templateDatabase');
    if (!template) throw new Error('the global setup did not build a template database');
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
  const dump = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  return openPglite(new PGlite(pgliteOptions({ loadDataDir: dump })));
}
