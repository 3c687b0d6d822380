import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import type { JobFailureRepository } from './job-failure-repository';
import { nextTurn } from '../lib/next-turn';

const DAY_MS = 86_400_000;
/** How long 后台任务 keeps a failed attempt: a quarter, long after any retry or investigation. */
export const JOB_FAILURE_RETENTION_DAYS = 90;
/** Rows one statement removes: short transactions, however many came due. */
const BATCH = 5_000;

/**
 * A table that only grows, and what of it the nightly clean-up removes. Its owner adds it
 * (`app.jobs.retain`): the message module its messages, the job queue its failed attempts.
 */
export interface RetainedTable {
  /** The key of the run's counts (`removed.messages`). */
  name: string;
  days: number;
  /** Removes at most `limit` rows created before `cutoff` (oldest first), on `db` when given; answers how many. */
  deleteOlderThan(cutoff: Date, limit: number, db?: Executor): Promise<number>;
}

/** The job queue's own part of the clean-up: failed attempts. */
export function jobFailureRetention(failures: JobFailureRepository): RetainedTable {
  return { name: 'jobFailures', days: JOB_FAILURE_RETENTION_DAYS, deleteOlderThan: failures.deleteOlderThan };
}

export interface HousekeepingRun {
  /** Rows removed, by table name. */
  removed: Record<string, number>;
  /** False when the budget ran out with rows still past their retention: the next night goes on. */
  finished: boolean;
}

/**
 * The nightly clean-up (docs/decisions/057): the tables that only grow lose what is past their
 * retention, in batches read off an index (docs/decisions/063). It may run twice: deleting what
 * is gone deletes nothing; the job runs it one at a time across instances. `tables` is read at
 * each run, so the modules that register after the queue add theirs.
 */
export function createHousekeeping(deps: { tables: readonly RetainedTable[]; log: FastifyBaseLogger; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    /** `db`: the run's connection (the job's); `budgetMs`: no new batch once the run has taken this long. */
    async run(options: { db?: Executor; budgetMs?: number } = {}): Promise<HousekeepingRun> {
      const started = performance.now();
      const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
      const inTime = () => performance.now() - started < budget;
      const now = clock().getTime();
      const removed: Record<string, number> = {};
      let left = deps.tables.map((table) => ({ table, cutoff: new Date(now - table.days * DAY_MS) }));
      for (const { table } of left) removed[table.name] = 0;
      do {
        const next: typeof left = [];
        for (const entry of left) {
          const count = await entry.table.deleteOlderThan(entry.cutoff, BATCH, options.db);
          removed[entry.table.name]! += count;
          if (count >= BATCH) next.push(entry);
        }
        left = next;
        if (left.length > 0) await nextTurn();
      } while (left.length > 0 && inTime());
      const run: HousekeepingRun = { removed, finished: left.length === 0 };
      if (Object.values(removed).some((n) => n > 0) || !run.finished) deps.log.info(run, 'housekeeping removed rows past their retention');
      return run;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
