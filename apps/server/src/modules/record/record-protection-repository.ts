import { sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { queryRows, type Executor } from '../../db/client';
import { auditLog, company, house, record, recordApproval } from '../../db/schema';

/**
 * The SQL of protection expiry (docs/decisions/051). A report's protection ends at its due time:
 * protect_until while the customer has not visited (RECORDSTART, RECORDSTANDBY, RECORDCOMPLETE),
 * the visit time plus the listing's take_look_protect_hours once visited (VISIT) — the shared
 * `protectionDueAt` written in SQL. Each due query reads one of the partial indexes of migration 0019.
 */
const dueOf = sql`case when ${record.status} = 'VISIT' and ${record.visitTime} is not null
    then ${record.visitTime} + (select ${house.takeLookProtectHours} from ${house} where ${house.id} = ${record.houseId}) * interval '1 hour'
    else ${record.protectUntil} end`;

/** The same, on the report aliased `r`. */
const dueOfR = sql`case when r.status = 'VISIT' and r.visit_time is not null
    then r.visit_time + (select h.take_look_protect_hours from ${house} h where h.id = r.house_id) * interval '1 hour'
    else r.protect_until end`;

export interface ExpiredReport {
  id: number;
  companyId: number;
  status: string;
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

export function createRecordProtectionRepository(db: Executor) {
  const text = messages.recordServer;
  return {
    /**
     * Marks up to `limit` due reports expired at their due time, with a history row (status kept,
     * the reason as its result) and an audit row each, in one statement. Rows another run holds
     * are skipped (SKIP LOCKED), and a row is marked only while unmarked, so two runs at once
     * mark each report once.
     */
    async expireDue(now: Date, limit: number, tx: Executor = db): Promise<ExpiredReport[]> {
      return queryRows<ExpiredReport>(
        tx,
        sql`with due as (
            select ${record.id} as id from ${record}
              where ${record.protectionExpiredAt} is null
                and ${record.status} in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE')
                and ${record.protectUntil} <= ${now}
            union all
            select ${record.id} from ${record}
              where ${record.protectionExpiredAt} is null and ${record.status} = 'VISIT' and ${dueOf} <= ${now}
          ),
          -- The lock re-reads a row an auditor changed meanwhile, and these conditions are
          -- checked again on what it reads: a report just marked visited is not expired.
          picked as (
            select r.id, ${dueOfR} as due_at from ${record} r
              where r.id in (select id from due) and r.protection_expired_at is null
                and r.status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT') and ${dueOfR} <= ${now}
              order by due_at, r.id
              limit ${limit}
              for update of r skip locked
          ),
          expired as (
            update ${record} r set protection_expired_at = picked.due_at from picked
              where r.id = picked.id and r.protection_expired_at is null
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
          )
          select id, company_id as "companyId", status from expired order by id`,
      );
    },

    /**
     * Reports whose reporter is due a warning: protected, not yet warned, the due time within the
     * company's protection_warning_hours from `now` and still ahead.
     */
    async warningCandidates(now: Date, limit: number, tx: Executor = db): Promise<WarningCandidate[]> {
      return queryRows<WarningCandidate>(
        tx,
        sql`select r.id, r.company_id as "companyId" from (
              select ${record.id} as id, ${record.companyId} as company_id, ${record.protectUntil} as due_at from ${record}
                where ${record.protectionExpiredAt} is null and ${record.protectionWarnedAt} is null
                  and ${record.status} in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE')
                  and ${record.protectUntil} > ${now}
              union all
              select ${record.id}, ${record.companyId}, ${dueOf} from ${record}
                where ${record.protectionExpiredAt} is null and ${record.protectionWarnedAt} is null
                  and ${record.status} = 'VISIT' and ${dueOf} > ${now}
            ) r join ${company} c on c.id = r.company_id
            where r.due_at - c.protection_warning_hours * interval '1 hour' <= ${now}
            order by r.due_at, r.id
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
                ${record.houseId} as house_id, ${dueOf} as due_at
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
