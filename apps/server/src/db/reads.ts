import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Independent reads on `x`: side by side on the database (each takes a connection of the pool),
 * one after another on a transaction, which is one connection: `pg` deprecates a query sent while
 * its client still runs one, and pg@9 refuses it (issue 34, item 6).
 */
export async function readAll<T extends readonly unknown[]>(x: Executor, reads: Reads<T>): Promise<T> {
  if (!(x instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}
