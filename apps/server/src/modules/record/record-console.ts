import { adminRecordMessages as text_ } from '@baobei/shared/messages/admin';
import { canTransition, DEFAULT_TRANSITION_RULES, RECORD_STATUS_TEXT, reopenTarget } from '@baobei/shared/rules/record-status';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { RecordConsoleRepository } from './record-console-repository';
import type { RecordTrackingRepository } from './record-tracking-repository';
import type { VisitFirst } from './visit-first';
import type { Notify } from '../message/message-service';

/**
 * The operator console's 更换审核员 and 重新打开 (docs/decisions/048), inside the record module so
 * that a report changes in one place: reopening is a status move through changeStatus (the shared
 * machine's check, its history and audit rows, and what follows every move, such as the
 * reporter's message), and reassigning writes its rows in the console repository's changeAuditor.
 * Each answers false when the version read is stale (the caller answers 409 with the version now).
 */
export function createConsoleRecordActions(deps: {
  db: Db;
  tracking: RecordTrackingRepository;
  console: RecordConsoleRepository;
  visitFirst: VisitFirst;
  now: () => Date;
  /** The new auditor's 新报备待审核 message, in the reassignment's transaction (decision 054). */
  notify?: Notify;
}) {
  const { db, tracking, console: repo, visitFirst } = deps;
  const actorOf = (viewer: SessionUser) => ({ id: viewer.id, name: viewer.name, phone: viewer.phone });

  return {
    /**
     * Another active, on-duty auditor of the company: an AUDITOR or the AUDITORADMIN, who audits
     * too (the submit gives them the reports when no auditor is on duty). The status does not
     * change; the version does (an auditor's open audit page is stale).
     */
    async reassign(viewer: SessionUser, input: { id: number; auditorId: number; version: number }): Promise<boolean> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const report = await repo.lock(viewer.companyId, input.id, tx);
        if (!report) throw new NotFoundError(text_.notFound);
        if (report.version !== input.version) return false;
        const next = await repo.findAuditor(viewer.companyId, input.auditorId, tx);
        if (!next) throw new ValidationError(text_.auditorNotFound, { field: 'auditorId' });
        if (!next.active) throw new ValidationError(text_.auditorInactive, { field: 'auditorId' });
        if (next.vacation === 1) throw new ValidationError(text_.auditorOnVacation, { field: 'auditorId' });
        if (next.id === report.auditorId) throw new ValidationError(text_.sameAuditor, { field: 'auditorId' });
        const previous = report.auditorId ? await repo.findAuditor(viewer.companyId, report.auditorId, tx) : undefined;
        const changed = await repo.changeAuditor(
          {
            companyId: viewer.companyId,
            recordId: report.id,
            version: input.version,
            auditorId: next.id,
            note: text_.reassignNote(previous?.name ?? text_.unassigned, next.name),
            now,
            actor: actorOf(viewer),
            detail: { actorRole: viewer.role, changes: { auditorId: { old: report.auditorId, new: next.id } } },
          },
          tx,
        );
        // The report arrives in the new auditor's queue as a submitted one does.
        if (changed) await deps.notify?.(tx, { kind: 'RECORD_NEW', companyId: viewer.companyId, recordId: report.id, actorId: viewer.id, now });
        return changed;
      });
    },

    /** The warning 重新打开 carries (issue 28, item 8), or null: another report holds the customer's arrival. */
    async reopenWarning(companyId: number, id: number): Promise<string | null> {
      return (await visitFirst.arrivalHeldByOther(companyId, id, db)) ? text_.reopenArrivalTaken : null;
    },

    /**
     * A closed report back to the open status before its close (the shared reopenTarget), a move
     * the shared machine allows the AUDITORADMIN only.
     */
    async reopen(viewer: SessionUser, input: { id: number; version: number; arrivalTakenAcknowledged?: boolean }): Promise<boolean> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const report = await repo.lock(viewer.companyId, input.id, tx);
        if (!report) throw new NotFoundError(text_.notFound);
        if (report.version !== input.version) return false;
        const to = reopenTarget(report.status, await repo.historyStatuses(report.id, tx));
        if (!to || !canTransition(report.status, to, 'AUDITORADMIN', DEFAULT_TRANSITION_RULES)) throw new ValidationError(text_.notClosed);
        // Reopening to a visited status confirms the arrival again: on a 到访为王 listing it is refused
        // when another report of the customer holds one, and closes the customer's waiting reports
        // (decision 053). The report's row is locked first here, which cannot cross an arrival's
        // locks: a closed report is neither an arrival's report nor one of the reports it closes.
        const rivals = await visitFirst.prepareArrival(viewer.companyId, report.id, report.status, to, tx);
        // Back to waiting while another report of the customer holds the arrival: the report can
        // never be visited, so it is reopened only when the operator was told so and went on.
        if (!rivals && !input.arrivalTakenAcknowledged && (await visitFirst.arrivalHeldByOther(viewer.companyId, report.id, tx))) {
          throw new ConflictError(text_.reopenArrivalTaken, { arrivalTaken: true });
        }
        const moved = await tracking.changeStatus(
          {
            companyId: viewer.companyId,
            recordId: report.id,
            version: input.version,
            from: report.status,
            to,
            approvalResult: text_.reopenNote(RECORD_STATUS_TEXT[report.status], RECORD_STATUS_TEXT[to]),
            // The history row keeps the visit as it was (the report's own is unchanged).
            visitTime: report.visitTime,
            now,
            actor: actorOf(viewer),
            action: 'record.reopen',
            // The move is the row's from/to (changeStatus); a `changes.status` beside it listed 状态 twice (issue 28).
            detail: { actorRole: viewer.role },
          },
          tx,
        );
        if (moved && rivals) await visitFirst.closeRivals(viewer.companyId, rivals, now, tx);
        return moved;
      });
    },
  };
}

export type ConsoleRecordActions = ReturnType<typeof createConsoleRecordActions>;
