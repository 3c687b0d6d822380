import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import type { MessageRepository } from '../modules/message/message-repository';
import type { JobFailureRepository } from './job-failure-repository';

const DAY_MS = 86_400_000;
/** How long the message centre keeps a message (docs/decisions/057): half a year, read or not. */
export const MESSAGE_RETENTION_DAYS = 180;
/** How long 后台任务 keeps a failed attempt: a quarter, long after any retry or investigation. */
export const JOB_FAILURE_RETENTION_DAYS = 90;
/** Rows one statement removes: short transactions, however many came due. */
const BATCH = 5_000;

export interface HousekeepingRun {
  messages: number;
  jobFailures: number;
  /** False when the budget ran out with rows still past their retention: the next night goes on. */
  finished: boolean;
}

/**
 * The nightly clean-up (docs/decisions/057): the tables that only grow (the message centre's
 * messages with their deliveries, the failed job attempts) lose what is past its retention, in
 * batches read off an index (docs/decisions/063). It may run twice: deleting what is gone deletes
 * nothing; the job runs it one at a time across instances.
 */
export function createHousekeeping(deps: { messages: MessageRepository; failures: JobFailureRepository; log: FastifyBaseLogger; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    /** `db`: the run's connection (the job's); `budgetMs`: no new batch once the run has taken this long. */
    async run(options: { db?: Executor; budgetMs?: number } = {}): Promise<HousekeepingRun> {
      const started = performance.now();
      const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
      const inTime = () => performance.now() - started < budget;
      const now = clock().getTime();
      const messageCutoff = new Date(now - MESSAGE_RETENTION_DAYS * DAY_MS);
      const failureCutoff = new Date(now - JOB_FAILURE_RETENTION_DAYS * DAY_MS);
      const run: HousekeepingRun = { messages: 0, jobFailures: 0, finished: false };
      let messagesDone = false;
      let failuresDone = false;
      do {
        if (!messagesDone) {
          const removed = await deps.messages.deleteOlderThan(messageCutoff, BATCH, options.db);
          run.messages += removed;
          messagesDone = removed < BATCH;
        }
        if (!failuresDone) {
          const removed = await deps.failures.deleteOlderThan(failureCutoff, BATCH, options.db);
          run.jobFailures += removed;
          failuresDone = removed < BATCH;
        }
        run.finished = messagesDone && failuresDone;
      } while (!run.finished && inTime());
      if (run.messages > 0 || run.jobFailures > 0 || !run.finished) deps.log.info(run, 'housekeeping removed rows past their retention');
      return run;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
