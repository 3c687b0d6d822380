import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { Executor } from '../../db/client';
import { recordApproval } from '../../db/schema';

/** Who made a report's change, as its history shows them (the system's closes have no account). */
export interface HistoryActor {
  id: number | null;
  name: string;
  phone: string;
}

/**
 * One entry of a report's history (审核记录, record_approval): the status the report is in after
 * the change, who made it and their note, with the visit facts as they then stand. Every change
 * of a report writes one, in the change's transaction: a status move (changeStatus) and the
 * console's change of auditor alike.
 */
export async function insertHistoryEntry(
  tx: Executor,
  entry: {
    recordId: number;
    status: RecordStatus;
    actor: HistoryActor;
    note: string;
    visitTime: Date | null;
    estimatedVisitTime: Date | null;
    visitorNum: number | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(recordApproval).values({
    recordId: entry.recordId,
    status: entry.status,
    userId: entry.actor.id,
    userName: entry.actor.name,
    userPhone: entry.actor.phone,
    approvalResult: entry.note,
    visitTime: entry.visitTime,
    estimatedVisitTime: entry.estimatedVisitTime,
    visitorNum: entry.visitorNum,
    createdAt: entry.at,
  });
}

