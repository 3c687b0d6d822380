import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { company, record } from '../../db/schema';
import { awaitingVisitSql } from '../../db/sql/awaiting-visit';
import { VISIT_REMINDER_MAX_MINUTES } from '@baobei/shared/rules/awaiting-visit';

/*
 * The SQL of 到访提醒 (issue 32, item 2; docs/decisions/089). A waiting report (待处理, 处理中,
 * 已发开发商) whose protection still runs is due its reminder from its company's
 * visit_reminder_minutes before its expected visit until the visit itself; the due query walks
 * record_visit_reminder_due_idx (estimated_visit_time, id) over that window ahead only.
 */

const waiting = awaitingVisitSql(sql`r.status`);

/** Where a run's walk of the index stopped: the expected visit (as the database wrote it) and id of the last report read. */
export interface ReminderCursor {
  key: string;
  id: number;
}

export interface DueReminder {
  id: number;
  companyId: number;
  /** The index key, for the next batch's cursor. */
  cursorKey: string;
}

export interface RemindedReport {
  id: number;
  companyId: number;
  reporterId: number;
  estimatedVisitTime: Date;
}

export function createVisitReminderRepository(db: Executor) {
  return {
    /**
     * The next `limit` reports due a reminder at `now`, after the cursor, in the index's order:
     * an index range from now to now plus the longest lead the setting allows (a constant, so the
     * planner sees a day's range, not a guess), each row then held to its own company's lead (a
     * company with 0 reminds none). No sort, no count of the whole set.
     */
    async due(now: Date, limit: number, after: ReminderCursor | null, tx: Executor = db): Promise<DueReminder[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const from = after ?? { key: '-infinity', id: 0 };
      return queryRows<DueReminder>(
        tx,
        // The company's lead is read per report in the range (a join led the planner to walk a
        // company's reports by another index and sort them). A lead of 0 can never pass: the
        // visit would have to be at or before now, and the range starts after it.
        sql`select r.id, r.company_id as "companyId", r.estimated_visit_time::text as "cursorKey"
            from ${record} r
            where r.visit_reminded_at is null and r.protection_expired_at is null and ${waiting}
              and r.estimated_visit_time > ${at}
              and r.estimated_visit_time <= ${at} + ${sql.raw(`interval '${VISIT_REMINDER_MAX_MINUTES} minutes'`)}
              and (r.estimated_visit_time, r.id) > (${from.key}::timestamptz, ${from.id}::int)
              and r.estimated_visit_time - (select c.visit_reminder_minutes from ${company} c where c.id = r.company_id) * interval '1 minute' <= ${at}
            order by r.estimated_visit_time, r.id
            limit ${limit}`,
      );
    },

    /**
     * Marks one report reminded, once: only while unmarked and still due (waiting, protected, the
     * visit ahead). Null when another run marked it first or it is no longer due; the caller writes
     * the message in the same transaction only when this answers the report. The column is in no
     * tally trigger's list, so the mark fires none (migration 0037).
     */
    async markReminded(recordId: number, now: Date, tx: Executor = db): Promise<RemindedReport | null> {
      const rows = await queryRows<{ id: number; companyId: number; reporterId: number; estimatedVisitTime: string }>(
        tx,
        sql`update ${record} r set visit_reminded_at = ${now.toISOString()}::timestamptz
            where r.id = ${recordId} and r.visit_reminded_at is null and r.protection_expired_at is null and ${waiting}
              and r.estimated_visit_time > ${now.toISOString()}::timestamptz
            returning r.id, r.company_id as "companyId", r.reporter_id as "reporterId", r.estimated_visit_time::text as "estimatedVisitTime"`,
      );
      const row = rows[0];
      return row ? { ...row, estimatedVisitTime: new Date(row.estimatedVisitTime) } : null;
    },
  };
}

export type VisitReminderRepository = ReturnType<typeof createVisitReminderRepository>;
