import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { canTransition, DEFAULT_TRANSITION_RULES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import type { Executor } from '../../db/client';
import { ConflictError } from '../../lib/errors';
import type { RecordRepository } from './record-repository';
import type { RecordTrackingRepository } from './record-tracking-repository';
import { arrivalFacts, heldArrival, lockWaitingRivals } from './visit-first-repository';

const text = protectionModeMessages;
/** VISIT and the deal's steps: a report whose customer's arrival was confirmed. */
const VISITED: readonly RecordStatus[] = statusesReaching('visited');
/** The system actor of the closes (decision 053): no account, named 系统 in the history. */
const SYSTEM_ACTOR = { id: null, name: text.systemActor, phone: '' } as const;

/**
 * 到访为王 (issue 17 item 3, docs/decisions/053): what a confirmed arrival does on a VISIT_FIRST
 * listing, inside the transaction that moves the report to a visited status. Used by the auditor's
 * audit (submitAudit) and the developer's external check (externalCheck).
 *
 * Locks, in one order for every writer of a customer of a listing: the submit's advisory lock of
 * (listing, masked phone) first (record-repository lockCustomerOfHouse: submits and arrivals of
 * the customer wait for each other), then the other pre-visit reports' rows (one statement, by
 * auditor then id), then the arriving report (the caller's changeStatus), then the auditors' count
 * rows the closes touch, in auditor order. Two arrivals of the customer never hold a row the other
 * wants: the second waits on the advisory lock and, once the first committed, is refused.
 */
export function createVisitFirst(deps: { records: RecordRepository; tracking: RecordTrackingRepository }) {
  const { records, tracking } = deps;

  return {
    /**
     * On a VISIT_FIRST listing, the other report of the customer that holds a confirmed arrival,
     * or null. Reopening a report that lost the race is allowed, but the report can never be
     * visited while that one holds (the arrival rule refuses it): the console warns and asks
     * (issue 28, item 8).
     */
    async arrivalHeldByOther(companyId: number, recordId: number, tx: Executor) {
      const found = await arrivalFacts(companyId, recordId, tx);
      if (!found || found.mode !== 'VISIT_FIRST') return null;
      return heldArrival(companyId, recordId, found, tx);
    },

    /**
     * Before the move of `recordId` from `from` to `to`: on a VISIT_FIRST listing, when the move
     * confirms the arrival, takes the customer's lock, refuses when another report of the customer
     * already holds a confirmed, still protected arrival (ConflictError arrivalTaken), and locks the
     * reports the arrival will close. Answers the closes to make after the move (`closeRivals`),
     * or null when there is nothing to do (report-first, or not an arrival).
     */
    async prepareArrival(companyId: number, recordId: number, from: RecordStatus, to: RecordStatus, tx: Executor) {
      if (!VISITED.includes(to) || VISITED.includes(from)) return null;
      const found = await arrivalFacts(companyId, recordId, tx);
      if (!found || found.mode !== 'VISIT_FIRST') return null;
      await records.lockCustomerOfHouse(found.houseId, found.mask, tx);
      if (await heldArrival(companyId, recordId, found, tx)) throw new ConflictError(text.arrivalTaken);
      return lockWaitingRivals(companyId, recordId, found, tx);
    },

    /**
     * After the arriving report moved: every report locked by prepareArrival goes to RECORDCLOSE
     * through the repository's changeStatus (history row with the reason the broker reads, audit
     * row `record.visit-first-close`), as the system, a move the shared machine allows it.
     */
    async closeRivals(
      companyId: number,
      rivals: readonly { id: number; status: RecordStatus; version: number }[],
      now: Date,
      tx: Executor,
    ): Promise<number[]> {
      const closed: number[] = [];
      for (const r of rivals) {
        if (!canTransition(r.status, 'RECORDCLOSE', 'SYSTEM', DEFAULT_TRANSITION_RULES)) continue;
        const moved = await tracking.changeStatus(
          {
            companyId,
            recordId: r.id,
            version: r.version,
            from: r.status,
            to: 'RECORDCLOSE',
            requireFrom: true,
            approvalResult: text.closedByArrival,
            visitTime: null,
            now,
            actor: SYSTEM_ACTOR,
            action: 'record.visit-first-close',
          },
          tx,
        );
        if (moved) closed.push(r.id);
      }
      return closed;
    },
  };
}

export type VisitFirst = ReturnType<typeof createVisitFirst>;
