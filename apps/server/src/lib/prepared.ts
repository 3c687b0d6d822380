import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * A statement built on first use and kept (decision 032): drizzle's `.prepare(name)` of a query
 * with placeholders, so neither drizzle nor PostgreSQL builds or plans it again. For queries
 * whose shape never varies with the request, on a repository's own executor (never a
 * transaction's), whose plan is the same for every value (lookups by key, not catch-all filters).
 * A statement a transaction sends too: `preparedEverywhere`.
 */
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** What drizzle 0.45 keeps of a connection: a session holds its client, a prepared query the client it runs on. */
interface HoldsSession {
  session: { client: object };
}

/**
 * A prepared query (built once, as `once`) that also runs inside a transaction. drizzle binds a
 * prepared query to the session it was prepared on, the database's pool: sent as is from a
 * transaction it would run on another connection, outside the transaction. So for a
 * transaction the same prepared query (same name, text and result mapping) is bound to the
 * transaction's connection instead, once per connection; PostgreSQL parses and plans a named
 * statement once per connection, so this serves the pool's connections and transactions alike
 * (decision 030, submit path, second pass). prepared.test.ts checks, on both databases, that a
 * bound statement sees the transaction's own writes and that a rollback undoes its writes.
 */
export function preparedEverywhere<Q extends object>(db: Executor, build: () => Q): (executor?: Executor) => Q {
  const built = once(build);
  const byConnection = new WeakMap<object, Q>();
  return (executor = db) => {
    const query = built();
    if (executor === db) return query;
    const connection = (executor as unknown as HoldsSession).session.client;
    let bound = byConnection.get(connection);
    if (!bound) byConnection.set(connection, (bound = Object.create(query, { client: { value: connection } }) as Q));
    return bound;
  };
}

/** A prepared raw statement (placeholders by `sql.placeholder`); executed, it answers `{ rows }` as `db.execute` does. */
export function prepareSql<Row>(db: Executor, name: string, query: SQL) {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  return db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(dialect.sqlToQuery(query), undefined, name, false);
}
