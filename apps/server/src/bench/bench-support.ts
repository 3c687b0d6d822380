/**
 * What the benches share: printing, timing, plans, and the scratch databases they fill (a
 * fresh PGlite, or a PostgreSQL database made for the run and dropped after it).
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openPglite, pgliteOptions, type Database } from '../db/client';

export const print = (line = '') => process.stdout.write(`${line}\n`);

/** Executes raw SQL with parameters on the bench's own connection (bulk insert, EXPLAIN). */
export type Raw = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Pads to a display width, counting CJK characters as two columns. */
export function padDisplay(text: string, width: number): string {
  const wide = text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;
  return text.padEnd(Math.max(0, width - wide));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Median, p95 and p99 of `runs` calls of `work`, in ms, after `warmUp` untimed ones (the caches
 * and plans warm, as in a running server), with the last call's answer. (With fewer than 100
 * runs the p99 is the slowest run.)
 */
export async function timeRuns<T>(
  work: () => Promise<T>,
  runs: number,
  warmUp: number,
): Promise<{ p50: number; p95: number; p99: number; last: T }> {
  for (let i = 0; i < warmUp; i++) await work();
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), last };
}

/** The execution time an EXPLAIN ANALYZE reports, in ms (NaN when it reports none). */
export const executionMs = (plan: string[]) => Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? NaN);

/** A fresh PGlite for `work`, closed afterwards. */
export async function withPglite<T>(work: (database: Database, raw: Raw, lite: PGlite) => Promise<T>): Promise<T> {
  const lite = new PGlite(pgliteOptions());
  try {
    return await work(openPglite(lite), async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows, lite);
  } finally {
    await lite.close();
  }
}

/**
 * A scratch database `<prefix>_<pid>_<random>` on the PostgreSQL server of `url` (whose user
 * may create databases): `work` gets its URL, and it is dropped afterwards whatever happens.
 */
export async function withScratchDatabaseUrl<T>(url: string, prefix: string, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    return await work(target.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** `withScratchDatabaseUrl` with the app's database and a client open on it. Prints the server's version. */
export async function withScratchPostgres<T>(
  url: string,
  prefix: string,
  work: (database: Database, raw: Raw, client: pg.Client) => Promise<T>,
): Promise<T> {
  return withScratchDatabaseUrl(url, prefix, async (databaseUrl) => {
    const database = openDatabase({ databaseUrl, dataDir: '' });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const version = (await client.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '';
      print(`\nPostgreSQL: ${version.split(',')[0]}`);
      return await work(database, async (text, params) => (await client.query(text, params)).rows, client);
    } finally {
      await client.end();
      await database.close();
    }
  });
}
