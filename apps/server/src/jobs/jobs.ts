import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createRecordProtectionService, type RecordProtectionService } from '../modules/record/record-protection-service';
import { createJobFailureRepository, type JobFailureRepository } from './job-failure-repository';
import { createJobQueue, type JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and the services of its jobs (docs/decisions/051). */
    jobs: Jobs;
  }
}

export interface Jobs {
  queue: JobQueue;
  failures: JobFailureRepository;
  protection: RecordProtectionService;
}

/** The queues, by name: what the job table and the logs call them. */
export const JOB_NAMES = {
  protectionExpiry: 'protection-expiry',
  protectionWarning: 'protection-warning',
} as const;

/**
 * Builds the queue and its jobs, decorates the app with them, starts the queue once the app is
 * ready (JOBS on) and stops it when the app closes: main.ts closes the app before the database,
 * so no job is in hand when the pool or PGlite goes.
 */
export function registerJobs(app: FastifyInstance, options: { config: Config; database: Database; now?: () => Date }): Jobs {
  const { database } = options;
  const log = app.log.child({ component: 'jobs' });
  const failures = createJobFailureRepository(database.db);
  const queue = createJobQueue({ sql: database.queueSql, log, failures });
  const protection = createRecordProtectionService({ db: database.db, log, ...(options.now ? { now: options.now } : {}) });

  defineJobs(queue, protection);

  const jobs: Jobs = { queue, failures, protection };
  app.decorate('jobs', jobs);
  if (options.config.JOBS) {
    // In the background: the instance serves while its workers start (a slow start, such as
    // pg-boss installing its schema on a loaded machine, never holds the port back); a queue
    // that cannot start is logged and the API goes on. stop() waits for a start under way.
    app.addHook('onReady', async () => {
      queue.start().catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'job queue did not start'));
    });
  }
  app.addHook('onClose', () => queue.stop(options.config.SHUTDOWN_GRACE_MS));
  return jobs;
}

/** The scheduled jobs and their handlers (tests define them on a queue of their own, with their clock). */
export function defineJobs(queue: JobQueue, protection: RecordProtectionService): void {
  // Every minute: store the protections that ended, then queue the warnings that came due. A
  // minute is the lists' precision (times show to the minute); pg-boss's cron sends each
  // minute's job once across instances.
  queue.define<Record<string, never>>({
    name: JOB_NAMES.protectionExpiry,
    cron: '* * * * *',
    retryLimit: 2,
    retryDelaySeconds: 5,
    async handle() {
      await protection.expire();
      for (const recordId of await protection.dueWarnings()) {
        await queue.send(JOB_NAMES.protectionWarning, { recordId }, { singletonKey: `record-${recordId}` });
      }
    },
  });
  // One job per report ('short': one waiting job per report); the warning itself is recorded once
  // by its stored time, however often the job runs.
  queue.define<{ recordId: number }>({
    name: JOB_NAMES.protectionWarning,
    policy: 'short',
    // A minute can bring many reports' warnings: 20 per fetch, each failing alone.
    batchSize: 20,
    retryLimit: 5,
    retryDelaySeconds: 30,
    async handle({ recordId }) {
      await protection.warn(recordId);
    },
  });
}
