import { sql, type SQL } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { queryRows, type Executor } from '../../db/client';
import { auditLog, company, house, record, recordApproval } from '../../db/schema';
import { protectionDueSql } from '../../db/sql/protection-due';

/*
 * The SQL of protection expiry (docs/decisions/051). A report's protection ends at its due time
 * (`protectionDueSql`): protect_until while the customer has not visited, the visit time plus the
 * listing's take_look_protect_hours once visited. The due queries walk the partial indexes of
 * migration 0027 in their order, in bounded batches (docs/decisions/063).
 */

export interface ExpiredReport {
  id: number;
  companyId: number;
  status: string;
}

/**
 * The two ways a protection ends, each walked in the order of its own index (migration 0027,
 * docs/decisions/063): `report`, at protect_until (waiting reports, and a visit without a visit
 * time), on record_report_protection_due_idx (protect_until, id); `viewing`, at the visit time
 * plus the listing's hours, on record_viewing_protection_due_idx (visit_time, id).
 */
export type ExpiryLane = 'report' | 'viewing';

/** Where a lane's walk stopped: the index key of the last report it took (the time as the database wrote it). */
export interface ExpiryCursor {
  key: string;
  id: number;
}

export interface ExpiryBatch {
  expired: ExpiredReport[];
  /** Index entries the batch read: fewer than its limit when the lane has nothing more due. */
  taken: number;
  /** The cursor of the next batch of this lane (null when it took none). */
  next: ExpiryCursor | null;
}

export interface WarningCandidate {
  id: number;
  companyId: number;
}

export interface WarnedReport {
  id: number;
  companyId: number;
  reporterId: number;
  houseId: number;
  /** As the driver answers a raw timestamptz: text. */
  dueAt: string;
}

/** The reports whose protection ends at protect_until: the predicate of record_report_protection_due_idx. */
const endsAtReportTime = sql`(r.status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') or (r.status = 'VISIT' and r.visit_time is null))`;
/** A visit's end: its time plus its listing's viewing protection. */
const viewingEnd = sql`r.visit_time + (select h.take_look_protect_hours from ${house} h where h.id = r.house_id) * interval '1 hour'`;

/**
 * One batch of a lane, as an index range scan from the cursor: `scanned` is the next `limit`
 * entries of the lane's index up to now (no sort, no count of the whole due set: a batch costs
 * the same at the start of a backlog of a million and at its end); `picked` locks the due ones by
 * primary key (SKIP LOCKED: a row an auditor holds is the next run's). The lock re-reads a row
 * changed meanwhile, and `picked`'s conditions are checked again on what it reads: a report just
 * marked visited is not expired at its report time. The next batch starts after the last entry
 * scanned, due or not, so a visit whose viewing protection runs on is read once a run.
 */
function dueBatch(lane: ExpiryLane, now: Date, limit: number, after: ExpiryCursor | null): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = after ?? { key: '-infinity', id: 0 };
  if (lane === 'report') {
    return sql`scanned as (
        select r.id, r.protect_until::text as cursor_key from ${record} r
        where r.protection_expired_at is null and ${endsAtReportTime}
          and r.protect_until <= ${at} and (r.protect_until, r.id) > (${from.key}::timestamptz, ${from.id}::int)
        order by r.protect_until, r.id
        limit ${limit}
      ),
      picked as (
        select r.id from ${record} r
        where r.id = any(array(select id from scanned))
          and r.protection_expired_at is null and ${endsAtReportTime} and r.protect_until <= ${at}
        for update of r skip locked
      )`;
  }
  // No visit ends before the shortest viewing protection of any listing: the range stops there.
  return sql`scanned as (
      select r.id, r.visit_time::text as cursor_key from ${record} r
      where r.protection_expired_at is null and r.status = 'VISIT'
        and r.visit_time <= ${at} - coalesce((select min(${house.takeLookProtectHours}) from ${house}), 0) * interval '1 hour'
        and (r.visit_time, r.id) > (${from.key}::timestamptz, ${from.id}::int)
      order by r.visit_time, r.id
      limit ${limit}
    ),
    picked as (
      select r.id from ${record} r
      where r.id = any(array(select id from scanned))
        and r.protection_expired_at is null and r.status = 'VISIT' and ${viewingEnd} <= ${at}
      for update of r skip locked
    )`;
}

/** One row per report a batch expired (a single row of nulls when it expired none), with the batch's size and cursor. */
interface ExpiryBatchRow extends ExpiredReport {
  taken: number;
  cursorKey: string | null;
  cursorId: number | null;
}

/**
 * The statement of one batch of a lane (see `dueBatch`): marks up to `limit` due reports expired
 * at their due time, with a history row (status kept, the reason as its result) and an audit row
 * each. Exported for the bench's raw loop (the same text through the bare driver).
 */
export function expireBatchQuery(lane: ExpiryLane, now: Date, limit: number, after: ExpiryCursor | null): SQL {
  const text = messages.recordServer;
  return sql`with ${dueBatch(lane, now, limit, after)},
    expired as (
      -- By primary key, the due time computed again from the row (picked holds its lock, so it is
      -- the row picked read). No join with picked: the planner expects one row from a CTE and ran
      -- the whole batch's id = any(...) probe once per picked row, 500 x 500 index lookups a batch,
      -- most of its time (docs/decisions/063).
      update ${record} r set protection_expired_at = ${lane === 'report' ? sql`r.protect_until` : viewingEnd}
        where r.id = any(array(select id from picked)) and r.protection_expired_at is null
        returning r.id, r.company_id, r.status, r.protection_expired_at, r.estimated_visit_time, r.visit_time, r.visitor_num
    ),
    history as (
      insert into ${recordApproval} (record_id, status, approval_result, visit_time, estimated_visit_time, visitor_num, created_at)
        select id, status, case when status = 'VISIT' then ${text.viewingProtectionExpired} else ${text.protectionExpired} end,
          visit_time, estimated_visit_time, visitor_num, ${now} from expired
    ),
    audit as (
      insert into ${auditLog} (company_id, actor_id, action, entity, entity_id, detail)
        select company_id, null, 'record.protection-expired', 'record', id,
          jsonb_build_object('status', status, 'expiredAt', protection_expired_at) from expired
    ),
    last as (select cursor_key, id from scanned order by cursor_key::timestamptz desc, id desc limit 1)
    select e.id, e.company_id as "companyId", e.status, (select count(*)::int from scanned) as taken,
      last.cursor_key as "cursorKey", last.id as "cursorId"
    from last left join expired e on true`;
}

export function createRecordProtectionRepository(db: Executor) {
  return {
    /**
     * One batch of a lane (see `dueBatch`): marks up to `limit` due reports expired at their due
     * time, with a history row (status kept, the reason as its result) and an audit row each, in
     * one statement. A row is marked only while unmarked, so two runs at once mark each report once.
     */
    async expireBatch(lane: ExpiryLane, now: Date, limit: number, after: ExpiryCursor | null, tx: Executor = db): Promise<ExpiryBatch> {
      const rows = await queryRows<ExpiryBatchRow>(tx, expireBatchQuery(lane, now, limit, after));
      const first = rows[0];
      if (!first) return { expired: [], taken: 0, next: null };
      return {
        expired: rows.filter((r) => r.id !== null).map((r) => ({ id: r.id, companyId: r.companyId, status: r.status })),
        taken: first.taken,
        next: first.cursorKey === null || first.cursorId === null ? null : { key: first.cursorKey, id: first.cursorId },
      };
    },

    /**
     * Reports whose reporter is due a warning: protected, not yet warned, the due time within the
     * company's protection_warning_hours from `now` and still ahead. Each lane reads its index
     * over the window ahead only (the longest warning setting, the longest viewing protection),
     * so the cost follows the reports ending soon, never the whole table; the sort is of at most
     * twice `limit` rows.
     */
    async warningCandidates(now: Date, limit: number, tx: Executor = db): Promise<WarningCandidate[]> {
      const at = now.toISOString();
      return queryRows<WarningCandidate>(
        tx,
        sql`(select r.id, r.company_id as "companyId", r.protect_until as due_at from ${record} r
              join ${company} c on c.id = r.company_id
              where r.protection_expired_at is null and ${endsAtReportTime} and r.protection_warned_at is null
                and r.protect_until > ${at}::timestamptz
                and r.protect_until <= ${at}::timestamptz + (select max(${company.protectionWarningHours}) from ${company}) * interval '1 hour'
                and r.protect_until - c.protection_warning_hours * interval '1 hour' <= ${at}::timestamptz
              order by r.protect_until, r.id
              limit ${limit})
            union all
            (select r.id, r.company_id, ${viewingEnd} from ${record} r
              join ${company} c on c.id = r.company_id
              where r.protection_expired_at is null and r.status = 'VISIT' and r.protection_warned_at is null
                and r.visit_time > ${at}::timestamptz - (select max(${house.takeLookProtectHours}) from ${house}) * interval '1 hour'
                and ${viewingEnd} > ${at}::timestamptz
                and ${viewingEnd} - c.protection_warning_hours * interval '1 hour' <= ${at}::timestamptz
              order by r.visit_time, r.id
              limit ${limit})
            order by due_at, id
            limit ${limit}`,
      );
    },

    /**
     * Records the warning of one report, once: sets protection_warned_at while unset and the
     * report still protected, with an audit row; null when it was warned already (a second run)
     * or is no longer due one. The warning's message (item 4) joins this transaction.
     */
    async markWarned(recordId: number, now: Date, tx: Executor = db): Promise<WarnedReport | null> {
      const rows = await queryRows<WarnedReport>(
        tx,
        sql`with warned as (
            update ${record} set protection_warned_at = ${now}
              where ${record.id} = ${recordId} and ${record.protectionWarnedAt} is null and ${record.protectionExpiredAt} is null
                and ${record.status} in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT')
              returning ${record.id} as id, ${record.companyId} as company_id, ${record.reporterId} as reporter_id,
                ${record.houseId} as house_id, ${protectionDueSql} as due_at
          ),
          audit as (
            insert into ${auditLog} (company_id, actor_id, action, entity, entity_id, detail)
              select company_id, null, 'record.protection-warning', 'record', id, jsonb_build_object('dueAt', due_at) from warned
          )
          select id, company_id as "companyId", reporter_id as "reporterId", house_id as "houseId", due_at as "dueAt" from warned`,
      );
      return rows[0] ?? null;
    },
  };
}

export type RecordProtectionRepository = ReturnType<typeof createRecordProtectionRepository>;
