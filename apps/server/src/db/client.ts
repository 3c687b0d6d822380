import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { holdDataFolder } from './data-folder-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this interface, so repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own: two servers starting on one PostgreSQL
   * would both migrate (and seed an empty database) at once. PGlite has one process per data
   * directory, so it just runs.
   */
  whileStartingAlone<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless a run of the same name holds the lock, on any instance
   * (docs/decisions/063): the periodic jobs run one at a time. On PostgreSQL a session advisory
   * lock on a connection of its own, and `work` gets a Db on that very connection (its statements
   * take no second one from the pool); released when the work ends, or with the connection when
   * the process dies. PGlite has one process per data directory: a lock in the process.
   */
  runAlone<T>(name: string, work: (db: Db) => Promise<T>): Promise<AloneRun<T>>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (the metrics' gauges); PGlite has no pool. */
  poolStats?(): PoolStats;
  /** Plain SQL for the job queue (pg-boss's bring-your-own `db`), on this very connection or pool. */
  queueSql: QueueSql;
}

/**
 * What pg-boss sends: one statement with $n values, or a script of several (its schema, its
 * locked sections) without values; the answer is the (last) statement's rows.
 */
export interface QueueSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** What `runAlone` did: ran `work` (its value), or left it to the run that holds the lock. */
export type AloneRun<T> = { ran: true; value: T } | { ran: false };

export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries queued for a connection. */
  waiting: number;
}

/** The advisory lock's key of start-up work (migrate, the demo seed); any fixed number. */
const STARTUP_LOCK_KEY = 7_306_271_014;

/** The advisory lock of a periodic job: this prefix and its name, hashed to a bigint. */
const ALONE_LOCK_PREFIX = 'baobei.job.';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for 'memory://'). */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    let closing = false;
    // An idle connection that dies (a database restart, a dropped test database) is an 'error'
    // event of the pool: unheard, it would end the process. The pool replaces the connection.
    // pool.end() resolves before its connections finish closing, so errors after it are moot.
    pool.on('error', (error) => {
      if (!closing) console.error(`database connection lost: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      async whileStartingAlone(work) {
        // A session lock on its own connection: held across the migration's transaction and
        // the seed's, released when the work ends or the connection drops (a killed start).
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          holder.release();
        }
      },
      async runAlone(name, work) {
        const key = `${ALONE_LOCK_PREFIX}${name}`;
        const holder = await pool.connect();
        let got: boolean;
        try {
          got = (await holder.query<{ got: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as got', [key])).rows[0]?.got === true;
        } catch (error) {
          holder.release(true);
          throw error;
        }
        if (!got) {
          holder.release();
          return { ran: false };
        }
        try {
          return { ran: true, value: await work(drizzlePg(holder, { schema }) as unknown as Db) };
        } finally {
          // A connection that cannot unlock is destroyed: the lock ends with its session.
          const unlocked = await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).then(
            () => true,
            () => false,
          );
          holder.release(!unlocked);
        }
      },
      close: () => {
        closing = true;
        return pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      queueSql: { executeSql: (text, values) => pool.query(text, values) },
    };
  }
  if (options.dataDir === 'memory://') return openPglite(new PGlite(pgliteOptions()));
  mkdirSync(options.dataDir, { recursive: true });
  // One process per folder: a second server or command is refused here instead of corrupting it.
  const release = holdDataFolder(options.dataDir);
  let database: Database;
  try {
    database = openPglite(new PGlite(pgliteOptions({ dataDir: `${options.dataDir}/pglite` })));
  } catch (error) {
    release();
    throw error;
  }
  return { ...database, close: () => database.close().finally(release) };
}

/**
 * Every PGlite instance loads the extensions the migrations create (pg_trgm for the listing
 * search, docs/decisions/005); a data directory that uses them cannot open without them.
 */
export function pgliteOptions(extra: PGliteOptions = {}): PGliteOptions {
  return { ...extra, extensions: { pg_trgm, ...extra.extensions } };
}

/** Wraps an open PGlite instance (tests start from a loaded template). */
export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  const running = new Set<string>();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    whileStartingAlone: (work) => work(),
    async runAlone(name, work) {
      // Checked and taken before any await: two calls of one tick never both run.
      if (running.has(name)) return { ran: false };
      running.add(name);
      try {
        return { ran: true, value: await work(db as unknown as Db) };
      } finally {
        running.delete(name);
      }
    },
    close: () => client.close(),
    queueSql: {
      // PGlite's query takes one statement; a script without values goes through exec.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  };
}

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
