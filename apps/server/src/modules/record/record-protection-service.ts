import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notify } from '../message/message-service';
import { createRecordProtectionRepository } from './record-protection-repository';

/** Reports one run marks per statement; a run goes on until fewer are due. */
const EXPIRE_BATCH = 500;
/** Warnings one run enqueues; the rest follow a minute later. */
const WARN_BATCH = 1_000;

export interface RecordProtectionDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The clock (tests move it); the stored times are this clock's. */
  now?: () => Date;
  /** The reporter's PROTECTION_WARNING message (docs/decisions/054), written in the warning's transaction. */
  notify?: Notify;
}

/**
 * Protection expiry (issue 17, item 2; docs/decisions/051). `expire` stores the end of every due
 * protection (the fact the duplicate rule, 重新报备 and 已过保护期 read) and `dueWarnings` lists the
 * reports whose reporter is due a warning; `warn` records one warning, once. All idempotent: the
 * protection job runs every minute on whichever instance, and any run may repeat.
 */
export function createRecordProtectionService(deps: RecordProtectionDeps) {
  const repository = createRecordProtectionRepository(deps.db);
  const clock = deps.now ?? (() => new Date());
  return {
    async expire(): Promise<number> {
      const now = clock();
      let total = 0;
      for (;;) {
        const expired = await repository.expireDue(now, EXPIRE_BATCH);
        total += expired.length;
        if (expired.length < EXPIRE_BATCH) break;
      }
      if (total > 0) deps.log.info({ expired: total }, 'report protections expired');
      return total;
    },

    async dueWarnings(): Promise<number[]> {
      return (await repository.warningCandidates(clock(), WARN_BATCH)).map((c) => c.id);
    },

    /** True when this call recorded the warning; false when it was recorded before or is moot. */
    async warn(recordId: number): Promise<boolean> {
      const now = clock();
      const warned = await deps.db.transaction(async (tx) => {
        const row = await repository.markWarned(recordId, now, tx);
        // Once, with the stored warning: a second run marks nothing and writes no message.
        if (row) await deps.notify?.(tx, { kind: 'PROTECTION_WARNING', companyId: row.companyId, recordId: row.id, dueAt: new Date(row.dueAt), now });
        return row;
      });
      if (!warned) return false;
      // Ids only: no phone or name in the log.
      deps.log.info({ recordId: warned.id, reporterId: warned.reporterId, dueAt: warned.dueAt }, 'protection warning recorded');
      return true;
    },
  };
}

export type RecordProtectionService = ReturnType<typeof createRecordProtectionService>;
