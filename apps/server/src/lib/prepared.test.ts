import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog, company } from '../db/schema';
import { openTestDatabase, testDatabaseKind } from '../test/test-database';
import { preparedEverywhere, prepareSql } from './prepared';

/**
 * preparedEverywhere binds one prepared query to a transaction's connection: it must run
 * inside that transaction (see its writes, have its own undone by a rollback), on both
 * databases. It relies on how drizzle keeps connections, so a drizzle upgrade that changes
 * that fails here rather than sending a submit's statements outside its transaction.
 */
let database: Database;
let companyId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db.select({ id: company.id }).from(company).limit(1);
  companyId = row!.id;
});
afterAll(async () => {
  await database.close();
});

const ROLLED_BACK = new Error('roll back');

describe('preparedEverywhere', () => {
  it('runs inside the transaction it is given, and on the database without one', async () => {
    const { db } = database;
    const entries = preparedEverywhere(db, () =>
      db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, sql.placeholder('companyId')), eq(auditLog.action, sql.placeholder('action'))))
        .prepare('test_prepared_entries'),
    );
    const add = preparedEverywhere(db, () =>
      prepareSql<{ id: number }>(
        db,
        'test_prepared_add',
        sql`insert into ${auditLog} ("company_id", "action", "entity") values (${sql.placeholder('companyId')}::int, ${sql.placeholder('action')}::text, 'test') returning "id"`,
      ),
    );
    const action = `prepared-${Date.now()}`;
    const countOn = async (executor?: Parameters<typeof entries>[0]) => Number((await entries(executor).execute({ companyId, action }))[0]!.n);

    await expect(
      db.transaction(async (tx) => {
        const { rows } = await add(tx).execute({ companyId, action });
        expect(rows).toHaveLength(1);
        // The transaction's own uncommitted row is visible to the bound statement …
        expect(await countOn(tx)).toBe(1);
        // … and (PostgreSQL: another connection) not to the pool's.
        if (testDatabaseKind() === 'postgres') expect(await countOn()).toBe(0);
        throw ROLLED_BACK;
      }),
    ).rejects.toBe(ROLLED_BACK);
    expect(await countOn()).toBe(0);

    await db.transaction(async (tx) => {
      await add(tx).execute({ companyId, action });
      // A savepoint runs on the same connection.
      await tx.transaction(async (sp) => {
        await add(sp).execute({ companyId, action });
      });
    });
    expect(await countOn()).toBe(2);
    await add().execute({ companyId, action });
    expect(await countOn()).toBe(3);
  });
});
