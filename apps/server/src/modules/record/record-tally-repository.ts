import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { recordTallyScope, type TallyScope, type Viewer } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { recordDayTally, recordTally } from '../../db/schema';

/**
 * A key's rows in record_tally past which the reader folds them into one per status: each write
 * of a report adds one row per key (two for a status change), and the count reads them all.
 */
const TALLY_FOLD_AT = 64;

/**
 * The tabs' numbers of an unfiltered list from record_tally (migration 0014, docs/decisions/041):
 * the sum of the scope's keys' rows per status, read on record_tally_scope_idx only, instead of
 * every report of the scope. A key whose rows have piled up is folded afterwards.
 */
export async function tallyByStatus(viewer: Viewer, kind: 'own' | 'company', tx: Executor): Promise<Map<RecordStatus, number>> {
  const counts = new Map<RecordStatus, number>();
  const keys = recordTallyScope(viewer, kind);
  if (keys === 'nothing') return counts;
  const rows = await tx
    .select({ scopeId: recordTally.scopeId, status: recordTally.status, n: sql<number>`sum(${recordTally.n})::int`, rows: count() })
    .from(recordTally)
    .where(
      and(
        eq(recordTally.companyId, viewer.companyId),
        eq(recordTally.scope, keys.scope),
        typeof keys.ids === 'number' ? eq(recordTally.scopeId, keys.ids) : inArray(recordTally.scopeId, keys.ids),
      ),
    )
    .groupBy(recordTally.scopeId, recordTally.status);
  const rowsOfKey = new Map<number, number>();
  for (const r of rows) {
    if (r.n !== 0) counts.set(r.status, (counts.get(r.status) ?? 0) + r.n);
    rowsOfKey.set(r.scopeId, (rowsOfKey.get(r.scopeId) ?? 0) + Number(r.rows));
  }
  for (const [scopeId, n] of rowsOfKey) {
    if (n > TALLY_FOLD_AT) await foldTally(tx, viewer.companyId, keys.scope, scopeId);
  }
  return counts;
}

/**
 * The tabs' numbers of a date-ranged list of a dense scope from record_day_tally (migration 0020,
 * docs/decisions/041): the sum of the scope's keys' rows of the range's days, read on
 * record_day_tally_scope_idx only. A key whose rows of these days have piled up (more than one
 * per day and status, by TALLY_FOLD_AT) is folded afterwards, for those days only.
 */
export async function dayTallyByStatus(
  viewer: Viewer,
  keys: { scope: TallyScope; ids: number | SQL },
  days: { from: string; to: string },
  tx: Executor,
): Promise<Map<RecordStatus, number>> {
  const rows = await tx
    .select({
      scopeId: recordDayTally.scopeId,
      status: recordDayTally.status,
      n: sql<number>`sum(${recordDayTally.n})::int`,
      rows: count(),
      days: sql<number>`count(distinct ${recordDayTally.day})::int`,
    })
    .from(recordDayTally)
    .where(
      and(
        eq(recordDayTally.companyId, viewer.companyId),
        eq(recordDayTally.scope, keys.scope as 'company'),
        typeof keys.ids === 'number' ? eq(recordDayTally.scopeId, keys.ids) : inArray(recordDayTally.scopeId, keys.ids),
        gte(recordDayTally.day, days.from),
        lt(recordDayTally.day, days.to),
      ),
    )
    .groupBy(recordDayTally.scopeId, recordDayTally.status);
  const counts = new Map<RecordStatus, number>();
  const piledUp = new Set<number>();
  for (const r of rows) {
    if (r.n !== 0) counts.set(r.status, (counts.get(r.status) ?? 0) + r.n);
    if (Number(r.rows) > Number(r.days) + TALLY_FOLD_AT) piledUp.add(r.scopeId);
  }
  for (const scopeId of piledUp) await foldDayTally(tx, viewer.companyId, keys.scope, scopeId, days);
  return counts;
}

/** One key's rows of record_day_tally in [from, to) replaced by their sum per day and status (as foldTally). */
export async function foldDayTally(tx: Executor, companyId: number, scope: string, scopeId: number, days: { from: string; to: string }): Promise<void> {
  await tx.execute(sql`with gone as (
      delete from ${recordDayTally} where ${recordDayTally.companyId} = ${companyId} and ${recordDayTally.scope} = ${scope}
        and ${recordDayTally.scopeId} = ${scopeId} and ${recordDayTally.day} >= ${days.from} and ${recordDayTally.day} < ${days.to}
      returning ${recordDayTally.day} as day, ${recordDayTally.status} as status, ${recordDayTally.n} as n)
    insert into ${recordDayTally} (company_id, scope, scope_id, day, status, n)
    select ${companyId}::int, ${scope}::text, ${scopeId}::int, day, status, sum(n)::int from gone group by day, status having sum(n) <> 0`);
}

/**
 * One key's rows of record_tally replaced by their sum per status, in one statement. Writers only
 * insert, so they never wait on it; two folds of one key at once are safe: the second's DELETE
 * skips the rows the first removed (READ COMMITTED re-checks them) and sums only what it removed.
 */
export async function foldTally(tx: Executor, companyId: number, scope: string, scopeId: number): Promise<void> {
  await tx.execute(sql`with gone as (
      delete from ${recordTally} where ${recordTally.companyId} = ${companyId} and ${recordTally.scope} = ${scope} and ${recordTally.scopeId} = ${scopeId}
      returning ${recordTally.status} as status, ${recordTally.n} as n)
    insert into ${recordTally} (company_id, scope, scope_id, status, n)
    select ${companyId}::int, ${scope}::text, ${scopeId}::int, status, sum(n)::int from gone group by status having sum(n) <> 0`);
}
