import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { AUDITOR_ROLES } from '@baobei/shared/rules/roles';
import type { Executor } from '../../db/client';
import { record, recordApproval, user } from '../../db/schema';
import { insertHistoryEntry } from './record-history-repository';
import { writeAuditLog } from '../../db/audit-log';

/**
 * The operator console's changes of a report (docs/decisions/048, 056): the report locked in its
 * company, its history, the auditor it may go to, and the auditor's change with its history and
 * audit rows. A status change is the tracking repository's changeStatus, as every move.
 */
export function createRecordConsoleRepository(db: Executor) {
  return {
    /** The report of the company, locked for the console's change. */
    async lock(companyId: number, id: number, tx: Executor) {
      const rows = await tx
        .select({ id: record.id, status: record.status, version: record.version, auditorId: record.auditorId, visitTime: record.visitTime })
        .from(record)
        .where(and(eq(record.id, id), eq(record.companyId, companyId)))
        .for('update')
        .limit(1);
      return rows[0];
    },

    /** The statuses the report reached, oldest first (its history). */
    async historyStatuses(recordId: number, tx: Executor = db): Promise<RecordStatus[]> {
      const rows = await tx
        .select({ status: recordApproval.status })
        .from(recordApproval)
        .where(eq(recordApproval.recordId, recordId))
        .orderBy(asc(recordApproval.createdAt), asc(recordApproval.id));
      return rows.map((r) => r.status);
    },

    /**
     * An auditor of the company (AUDITOR, or the AUDITORADMIN, who audits too and takes the
     * reports when no auditor is on duty), whatever their state: the caller judges it.
     */
    async findAuditor(companyId: number, id: number, tx: Executor = db) {
      const rows = await tx
        .select({ id: user.id, name: user.name, phone: user.phone, active: user.active, vacation: user.vacation })
        .from(user)
        .where(and(eq(user.id, id), eq(user.companyId, companyId), inArray(user.role, [...AUDITOR_ROLES])))
        .limit(1);
      return rows[0];
    },

    /**
     * The report's auditor changed where the version still matches: the version up by one, a
     * history row at the unchanged status with the note, and an audit row, in the caller's
     * transaction; false when another change won. The triggers on record move
     * auditor_open_report's counts and record_tally in it too.
     */
    async changeAuditor(
      change: {
        companyId: number;
        recordId: number;
        version: number;
        auditorId: number;
        note: string;
        now: Date;
        actor: { id: number; name: string; phone: string };
        detail: Record<string, unknown>;
      },
      tx: Executor,
    ): Promise<boolean> {
      const updated = await tx
        .update(record)
        .set({ auditorId: change.auditorId, version: sql`${record.version} + 1`, operateAt: change.now })
        .where(and(eq(record.id, change.recordId), eq(record.companyId, change.companyId), eq(record.version, change.version)))
        .returning({ status: record.status, estimatedVisitTime: record.estimatedVisitTime, visitorNum: record.visitorNum, visitTime: record.visitTime });
      const row = updated[0];
      if (!row) return false;
      // At the unchanged status, with the visit facts as they stand.
      await insertHistoryEntry(tx, { ...row, recordId: change.recordId, actor: change.actor, note: change.note, at: change.now });
      await writeAuditLog(tx, {
        companyId: change.companyId,
        actorId: change.actor.id,
        action: 'record.reassign',
        entity: 'record',
        entityId: change.recordId,
        detail: { ...change.detail, version: change.version + 1 },
      });
      return true;
    },
  };
}

export type RecordConsoleRepository = ReturnType<typeof createRecordConsoleRepository>;
