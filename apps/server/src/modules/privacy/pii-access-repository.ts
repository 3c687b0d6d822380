import { and, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { piiAccessLog, user } from '../../db/schema';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import { once, prepareSql } from '../../lib/prepared';
import type { CursorValues } from '@baobei/shared/schemas/cursor';

export type PiiAccessInsert = typeof piiAccessLog.$inferInsert;
export interface PiiAccessRow {
  id: number;
  createdAt: Date;
  cursorAt: string;
  userId: number | null;
  userName: string | null;
  userPhone: string | null;
  actor: 'USER' | 'EXTERNAL';
  phoneMasked: string;
  recordId: number | null;
  customerId: number | null;
  route: string;
}

/** What an unlinked row's phone_key becomes (migration 0041's trigger allows only this change). */
export const UNLINKED_PHONE_KEY = 'unlinked';

/** Newest first; the cursor is (created_at, id), each filter's index ends in this order (migration 0039). */
const ORDER: SortKey[] = [
  { expr: piiAccessLog.createdAt, dir: 'desc', time: true },
  { expr: piiAccessLog.id, dir: 'desc' },
];
export type PiiAccessCursor = CursorValues<readonly ['time', 'id']>;

export interface PiiAccessFilters {
  phoneKey?: string | undefined;
  userId?: number | undefined;
  range: { start: Date; end: Date } | null;
}

/** pii_access_log's only writer and reader (docs/decisions/092): inserts, never updates or deletes. */
export function createPiiAccessRepository(db: Executor) {
  function where(companyId: number, f: PiiAccessFilters): SQL | undefined {
    return and(
      eq(piiAccessLog.companyId, companyId),
      f.phoneKey !== undefined ? eq(piiAccessLog.phoneKey, f.phoneKey) : undefined,
      f.userId !== undefined ? eq(piiAccessLog.userId, f.userId) : undefined,
      f.range ? sql`${piiAccessLog.createdAt} >= ${f.range.start} and ${piiAccessLog.createdAt} < ${f.range.end}` : undefined,
    );
  }
  const p = (name: string) => sql.placeholder(name);
  const insertRows = once(() =>
    prepareSql(
      db,
      'pii_access_insert',
      sql`insert into pii_access_log (company_id, user_id, actor, phone_key, phone_masked, record_id, customer_id, route, created_at)
        select v.company_id, v.user_id, v.actor, v.phone_key, v.phone_masked, v.record_id, v.customer_id, v.route, coalesce(v.created_at, now())
        from unnest(${p('companyIds')}::int[], ${p('userIds')}::int[], ${p('actors')}::text[], ${p('phoneKeys')}::text[], ${p('phoneMaskeds')}::text[],
          ${p('recordIds')}::int[], ${p('customerIds')}::int[], ${p('routes')}::text[], ${p('createdAts')}::timestamptz[])
          as v (company_id, user_id, actor, phone_key, phone_masked, record_id, customer_id, route, created_at)
        cross join (select set_config('synchronous_commit', 'off', true)) as async_commit`,
    ),
  );
  const columns = {
    id: piiAccessLog.id,
    createdAt: piiAccessLog.createdAt,
    cursorAt: cursorTime(piiAccessLog.createdAt),
    userId: piiAccessLog.userId,
    userName: user.name,
    userPhone: user.phone,
    actor: piiAccessLog.actor,
    phoneMasked: piiAccessLog.phoneMasked,
    recordId: piiAccessLog.recordId,
    customerId: piiAccessLog.customerId,
    route: piiAccessLog.route,
  };
  return {
    /**
     * One statement for the whole answer, however many customers it showed, committed without
     * waiting for the WAL flush: `set_config(..., true)` turns synchronous_commit off for this
     * statement's own transaction only, so a read does not pay a disk flush (docs/decisions/092).
     * The row is durable a moment later (wal_writer_delay); a database crash in that moment
     * loses it whole, never half of it. Called on the database, not inside another transaction.
     */
    async insert(rows: PiiAccessInsert[]): Promise<void> {
      if (rows.length === 0) return;
      // One named statement whatever the number of rows (columns as arrays, unnest): parsed and
      // planned once per connection, not once per answer (decision 032).
      await insertRows().execute({
        companyIds: rows.map((r) => r.companyId),
        userIds: rows.map((r) => r.userId ?? null),
        actors: rows.map((r) => r.actor),
        phoneKeys: rows.map((r) => r.phoneKey),
        phoneMaskeds: rows.map((r) => r.phoneMasked),
        recordIds: rows.map((r) => r.recordId ?? null),
        customerIds: rows.map((r) => r.customerId ?? null),
        routes: rows.map((r) => r.route),
        createdAts: rows.map((r) => (r.createdAt ? r.createdAt.toISOString() : null)),
      });
    },

    async list(companyId: number, filters: PiiAccessFilters, limit: number, after: PiiAccessCursor | undefined): Promise<PiiAccessRow[]> {
      return db
        .select(columns)
        .from(piiAccessLog)
        .leftJoin(user, eq(user.id, piiAccessLog.userId))
        .where(and(where(companyId, filters), after ? keysetAfter(ORDER, after) : undefined))
        .orderBy(...keysetOrder(ORDER))
        .limit(limit);
    },

    /** The selection newest first, `batch` rows at a time, none after the count's `maxId` (rows logged while a file streams stay out). */
    async *batches(companyId: number, filters: PiiAccessFilters, maxId: number, batch: number): AsyncGenerator<PiiAccessRow[]> {
      let after: PiiAccessCursor | undefined;
      for (;;) {
        const rows = await db
          .select(columns)
          .from(piiAccessLog)
          .leftJoin(user, eq(user.id, piiAccessLog.userId))
          .where(and(where(companyId, filters), lte(piiAccessLog.id, maxId), after ? keysetAfter(ORDER, after) : undefined))
          .orderBy(...keysetOrder(ORDER))
          .limit(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        const last = rows.at(-1)!;
        after = [last.cursorAt, last.id];
      }
    },

    /** Every row naming one phone (its key), oldest first: the finder's 访问记录 (docs/decisions/095). */
    async findByPhoneKey(companyId: number, phoneKey: string): Promise<PiiAccessRow[]> {
      return db
        .select(columns)
        .from(piiAccessLog)
        .leftJoin(user, eq(user.id, piiAccessLog.userId))
        .where(and(eq(piiAccessLog.companyId, companyId), eq(piiAccessLog.phoneKey, phoneKey)))
        .orderBy(piiAccessLog.createdAt, piiAccessLog.id);
    },

    /**
     * Unlinks rows from the customer's number (a person's request, 数据保留; docs/decisions/095): the
     * key becomes UNLINKED, so no search by the number finds them, while who saw which report when
     * stays. The table's trigger lets exactly this change through, and only where the transaction
     * says so (`baobei.pii_unlink`, migration 0041); it refuses every other UPDATE and any DELETE.
     */
    async unlink(tx: Executor, companyId: number, by: { phoneKey?: string; recordIds?: number[]; customerIds?: number[] }): Promise<number> {
      const which = or(
        by.phoneKey !== undefined ? eq(piiAccessLog.phoneKey, by.phoneKey) : undefined,
        by.recordIds?.length ? inArray(piiAccessLog.recordId, by.recordIds) : undefined,
        by.customerIds?.length ? inArray(piiAccessLog.customerId, by.customerIds) : undefined,
      );
      if (!which) return 0;
      await tx.execute(sql`select set_config('baobei.pii_unlink', 'on', true)`);
      const rows = await tx
        .update(piiAccessLog)
        .set({ phoneKey: UNLINKED_PHONE_KEY })
        .where(and(eq(piiAccessLog.companyId, companyId), ne(piiAccessLog.phoneKey, UNLINKED_PHONE_KEY), which))
        .returning({ id: piiAccessLog.id });
      return rows.length;
    },

    async count(companyId: number, filters: PiiAccessFilters): Promise<{ rows: number; maxId: number }> {
      const [row] = await db
        .select({ rows: sql<number>`count(*)::int`, maxId: sql<number>`coalesce(max(${piiAccessLog.id}), 0)::bigint` })
        .from(piiAccessLog)
        .where(where(companyId, filters));
      return { rows: Number(row?.rows ?? 0), maxId: Number(row?.maxId ?? 0) };
    },
  };
}
export type PiiAccessRepository = ReturnType<typeof createPiiAccessRepository>;

