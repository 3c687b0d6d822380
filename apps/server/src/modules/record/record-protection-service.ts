import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { Notify } from '../message/message-service';
import { createRecordProtectionRepository, type ExpiryCursor, type ExpiryLane } from './record-protection-repository';
import { nextTurn } from '../../lib/next-turn';

/** Reports one statement marks (per lane); a run goes on until fewer are due, or its time is up. */
export const EXPIRE_BATCH = 500;
/** Warnings one run enqueues; the rest follow a minute later. */
const WARN_BATCH = 1_000;

/** How a run goes (docs/decisions/063). */
export interface ExpiryRunOptions {
  /** The connection of the run (the job's, holding its lock); default the service's database. */
  db?: Executor;
  /**
   * No new batch starts once the run has taken this long (wall time, ms): what is left is the
   * next run's. Default none: until nothing is due. At least one batch per lane always runs.
   */
  budgetMs?: number;
  /** Reports per statement (default EXPIRE_BATCH). */
  batchSize?: number;
  /** Told of each batch (its lane, reports taken, wall time): the bench's per-batch figures. */
  onBatch?: (batch: { lane: ExpiryLane; taken: number; ms: number }) => void;
}

export interface ExpiryRun {
  expired: number;
  /** Statements run, and the most index entries one of them read (never more than the batch size). */
  batches: number;
  largestBatch: number;
  /** False when the budget ran out with reports still due. */
  finished: boolean;
}

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

  /**
   * Stores the end of every due protection, in bounded batches (docs/decisions/063): each lane
   * walks its index from where its last batch stopped, so a batch costs the same however large
   * the backlog, and a run with a budget leaves the rest to the next run.
   */
  async function runExpiry(options: ExpiryRunOptions = {}): Promise<ExpiryRun> {
    const now = clock();
    const started = performance.now();
    const runRepository = createRecordProtectionRepository(options.db ?? deps.db);
    const limit = options.batchSize ?? EXPIRE_BATCH;
    const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
    const open = new Map<ExpiryLane, ExpiryCursor | null>([
      ['report', null],
      ['viewing', null],
    ]);
    const run: ExpiryRun = { expired: 0, batches: 0, largestBatch: 0, finished: false };
    // The lanes take turns, so a long backlog of one never holds the other back.
    for (;;) {
      for (const [lane, after] of [...open]) {
        const batchStarted = performance.now();
        const batch = await runRepository.expireBatch(lane, now, limit, after);
        options.onBatch?.({ lane, taken: batch.taken, ms: performance.now() - batchStarted });
        run.batches += 1;
        run.expired += batch.expired.length;
        run.largestBatch = Math.max(run.largestBatch, batch.taken);
        if (batch.taken < limit || !batch.next) open.delete(lane);
        else open.set(lane, batch.next);
      }
      if (open.size === 0) {
        run.finished = true;
        break;
      }
      if (performance.now() - started >= budget) break;
      await nextTurn();
    }
    if (run.expired > 0 || !run.finished) deps.log.info({ ...run, ms: Math.round(performance.now() - started) }, 'report protections expired');
    return run;
  }

  return {
    runExpiry,

    /** Every due protection, however long it takes (tests, and the callers that want them all now). */
    async expire(): Promise<number> {
      return (await runExpiry()).expired;
    },

    async dueWarnings(options: { db?: Executor } = {}): Promise<number[]> {
      return (await createRecordProtectionRepository(options.db ?? deps.db).warningCandidates(clock(), WARN_BATCH)).map((c) => c.id);
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
