import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import type { AloneRun, Database, Executor } from '../db/client';
import type { OperationMetrics } from '../lib/operation-metrics';
import { createHousekeeping, jobFailureRetention, type HousekeepingRun, type RetainedTable } from './housekeeping';
import { createJobFailureRepository, type JobFailureRepository } from './job-failure-repository';
import { createJobQueue, schedulePeriodic, type JobQueue } from './job-queue';

export const silentLog = pino({ level: 'silent' });

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue, on which each module defines its own jobs (docs/decisions/051, 073). */
    jobs: Jobs;
  }
}

/**
 * What a module needs to define its jobs (ModuleOptions.jobs): the queue, the one-at-a-time
 * runner of periodic jobs, the record of failed attempts, and the nightly clean-up's tables.
 */
export interface Jobs {
  queue: JobQueue;
  /** One run of a name at a time across instances (docs/decisions/063). */
  runAlone: RunAlone;
  failures: JobFailureRepository;
  log: FastifyBaseLogger;
  /** Adds a table that only grows to the nightly clean-up (docs/decisions/057). */
  retain(table: RetainedTable): void;
  /** The tables the clean-up goes through, as the modules added them. */
  retained: readonly RetainedTable[];
}

/** The queues, by name: what the job table, the logs and the console's 后台任务 call them. */
export const JOB_NAMES = {
  protectionExpiry: 'protection-expiry',
  protectionWarning: 'protection-warning',
  /** Every minute: 到访提醒 to the reporters of the reports expected soon (docs/decisions/089). */
  visitReminder: 'visit-reminder',
  /** Notifications' WeChat and SMS (docs/decisions/054): sent after a cause commits, and swept every minute. */
  messageDelivery: 'message-delivery',
  messageDeliverySweep: 'message-delivery-sweep',
  /** Nightly: messages and failed attempts past their retention (docs/decisions/057). */
  housekeeping: 'housekeeping',
  /** Every five minutes: 数据驾驶舱's kept counts folded (docs/decisions/087). */
  channelTallyFold: 'channel-tally-fold',
  /** Every ten minutes: 数据驾驶舱's alerts found (docs/decisions/087). */
  channelAlerts: 'channel-alerts',
  /** Nightly: 数据保留, closed reports' pictures and customers past the company's months (docs/decisions/093). */
  dataRetention: 'data-retention',
} as const;

/**
 * How long one run of a periodic job may go on (wall time): less than its interval, so a run has
 * ended before the next one starts, and what is left is the next run's (docs/decisions/063). A
 * batch under way finishes, so a run ends within its budget plus one batch.
 */
export const RUN_BUDGET_MS = {
  /** Every minute: half of it, the other half the database's own. */
  protectionExpiry: 30_000,
  /** Every minute, as protection expiry. */
  visitReminder: 30_000,
  /** The sweep every minute, and the runs a cause asks for. */
  messageDelivery: 30_000,
  /** Nightly; below the queue's expiry (300 s) so pg-boss never retries a run still going. */
  housekeeping: 240_000,
  /** Every five minutes; a day's fold is one statement. */
  channelTallyFold: 120_000,
  /** Nightly, as housekeeping: below the queue's expiry; what is left is the next night's. */
  dataRetention: 240_000,
} as const;

/**
 * Runs `work` unless a run of the same name is under way (then answers `{ ran: false }` at once):
 * `Database.runAlone`, an advisory lock across instances, in production; `work` gets the lock's
 * connection (PostgreSQL) or nothing (the service's own database).
 */
export type RunAlone = <T>(name: string, work: (db?: Executor) => Promise<T>) => Promise<AloneRun<T>>;

/** One at a time within this process only: a queue a test defines without a database's lock. */
export function runAloneInProcess(): RunAlone {
  const running = new Set<string>();
  return async (name, work) => {
    if (running.has(name)) return { ran: false };
    running.add(name);
    try {
      return { ran: true, value: await work() };
    } finally {
      running.delete(name);
    }
  };
}

/**
 * One run of a periodic job, whoever starts it (pg-boss's cron, a cause's kick, a test): alone
 * across instances, in bounded batches on the lock's connection. A run that finds its job under
 * way elsewhere answers `{ ran: false }` and does nothing: the one running goes on, or the next.
 */
export async function runPeriodic<T>(
  runAlone: RunAlone,
  name: string,
  log: FastifyBaseLogger,
  work: (db?: Executor) => Promise<T>,
): Promise<AloneRun<T>> {
  const run = await runAlone(name, work);
  if (!run.ran) log.debug({ queue: name }, 'periodic job under way elsewhere; this run skipped');
  return run;
}

/** The nightly clean-up's job: a run answers what it removed. */
export interface HousekeepingJob {
  housekeeping(): Promise<AloneRun<HousekeepingRun>>;
}

type HousekeepingJobOptions = { runAlone?: RunAlone; log?: FastifyBaseLogger; budgetMs?: number; now?: () => Date };

/** The nightly clean-up's run alone, over `tables` (read at each run). */
export function housekeepingJob(tables: readonly RetainedTable[], options: HousekeepingJobOptions = {}): HousekeepingJob {
  const log = options.log ?? silentLog;
  const runAlone = options.runAlone ?? runAloneInProcess();
  const cleanUp = createHousekeeping({ tables, log, ...(options.now ? { now: options.now } : {}) });
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.housekeeping;
  return { housekeeping: () => runPeriodic(runAlone, JOB_NAMES.housekeeping, log, (db) => cleanUp.run({ db, budgetMs })) };
}

/** The nightly clean-up on `queue`. */
export function defineHousekeepingJob(queue: JobQueue, tables: readonly RetainedTable[], options: HousekeepingJobOptions = {}): HousekeepingJob {
  const job = housekeepingJob(tables, options);
  // 03:30 in Shanghai (19:30 UTC), the quietest hour; pg-boss's cron sends it once across
  // instances. 'stately': at most one job waiting and one active.
  schedulePeriodic(queue, { name: JOB_NAMES.housekeeping, cron: '30 19 * * *', retryDelaySeconds: 300 }, () => job.housekeeping());
  return job;
}

/**
 * The job queue (before the modules, which define their jobs on it), decorated on the app as
 * `jobs`: started once the app is ready (JOBS on), stopped when it closes. main.ts closes the app
 * before the database, so no job is in hand when the pool or PGlite goes.
 */
export function registerJobQueue(app: FastifyInstance, options: { config: Config; database: Database; metrics?: OperationMetrics }): Jobs {
  const { database } = options;
  const log = app.log.child({ component: 'jobs' });
  const failures = createJobFailureRepository(database.db);
  const queue = createJobQueue({ sql: database.queueSql, log, failures, ...(options.metrics ? { metrics: options.metrics } : {}) });
  const tables: RetainedTable[] = [jobFailureRetention(failures)];
  defineHousekeepingJob(queue, tables, { runAlone: database.runAlone, log });

  const jobs: Jobs = { queue, runAlone: database.runAlone, failures, log, retain: (table) => void tables.push(table), retained: tables };
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
