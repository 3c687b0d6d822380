import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database, Executor } from './client';
import { readAll } from './reads';

/** A read that takes a while on `x`, noting how many reads ran at once while it did. */
function slowRead(x: Executor, running: { now: number; most: number }, answer: number) {
  return async () => {
    running.now += 1;
    running.most = Math.max(running.most, running.now);
    await x.execute(sql`select pg_sleep(0.02)`);
    running.now -= 1;
    return answer;
  };
}

describe('readAll', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('answers in the order asked, one read at a time in a transaction (one connection)', async () => {
    const running = { now: 0, most: 0 };
    const answers = await database.db.transaction((tx) => readAll(tx, [slowRead(tx, running, 1), slowRead(tx, running, 2), async () => 'three']));
    expect(answers).toEqual([1, 2, 'three']);
    expect(running.most).toBe(1);
  });

  it('side by side on the database (the pool)', async () => {
    const running = { now: 0, most: 0 };
    const { db } = database;
    expect(await readAll(db, [slowRead(db, running, 1), slowRead(db, running, 2)])).toEqual([1, 2]);
    expect(running.most).toBe(2);
  });
});
