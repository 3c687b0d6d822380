import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import type { AloneRun, Database, Executor } from '../db/client';
import type { SmsSender } from '../lib/sms';
import { createRecordProtectionService, type ExpiryRun, type ExpiryRunOptions, type RecordProtectionService } from '../modules/record/record-protection-service';
import { createMessageDelivery, type MessageDelivery } from '../modules/message/message-delivery';
import { wechatTemplatesOf } from '../modules/message/message-module';
import { createMessageRepository } from '../modules/message/message-repository';
import { createJobFailureRepository, type JobFailureRepository } from './job-failure-repository';
import { createHousekeeping, type Housekeeping, type HousekeepingRun } from './housekeeping';
import { createJobQueue, type JobQueue } from './job-queue';

const silentLog = pino({ level: 'silent' });

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and the services of its jobs (docs/decisions/051). */
    jobs: Jobs;
  }
}

export interface Jobs {
  queue: JobQueue;
  /** The scheduled jobs' runs, each one at a time across instances (docs/decisions/063). */
  periodic: PeriodicJobs;
  failures: JobFailureRepository;
  protection: RecordProtectionService;
  delivery: MessageDelivery;
  housekeeping: Housekeeping;
}

/** The queues, by name: what the job table and the logs call them. */
export const JOB_NAMES = {
  protectionExpiry: 'protection-expiry',
  protectionWarning: 'protection-warning',
  /** Notifications' WeChat and SMS (docs/decisions/054): sent after a cause commits, and swept every minute. */
  messageDelivery: 'message-delivery',
  messageDeliverySweep: 'message-delivery-sweep',
  /** Nightly: messages and failed attempts past their retention (docs/decisions/057). */
  housekeeping: 'housekeeping',
} as const;

/**
 * How long one run of a periodic job may go on (wall time): less than its interval, so a run has
 * ended before the next one starts, and what is left is the next run's (docs/decisions/063). A
 * batch under way finishes, so a run ends within its budget plus one batch.
 */
export const RUN_BUDGET_MS = {
  /** Every minute: half of it, the other half the database's own. */
  protectionExpiry: 30_000,
  /** The sweep every minute, and the runs a cause asks for. */
  messageDelivery: 30_000,
  /** Nightly; below the queue's expiry (300 s) so pg-boss never retries a run still going. */
  housekeeping: 240_000,
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

export interface ProtectionRun {
  expiry: ExpiryRun;
  /** Reports whose warning job was queued. */
  warnings: number;
}

export interface DeliveryRun {
  sent: number;
  skipped: number;
  failed: number;
  finished: boolean;
}

/**
 * The periodic jobs' runs, whoever starts them (pg-boss's cron, a cause's kick, a test): each
 * one at a time across instances, in bounded batches on the lock's connection, within its budget.
 * A run that finds its job under way elsewhere answers `{ ran: false }` and does nothing.
 */
export interface PeriodicJobs {
  protectionExpiry(): Promise<AloneRun<ProtectionRun>>;
  messageDelivery(): Promise<AloneRun<DeliveryRun>>;
  housekeeping(): Promise<AloneRun<HousekeepingRun>>;
}

export interface PeriodicJobDeps {
  runAlone: RunAlone;
  protection: RecordProtectionService;
  /** Queues one report's warning job (the protection-warning queue). */
  sendWarning(recordId: number): Promise<unknown>;
  delivery?: MessageDelivery;
  failures?: JobFailureRepository;
  housekeeping?: Housekeeping;
  log: FastifyInstance['log'];
  budgets?: Partial<Record<keyof typeof RUN_BUDGET_MS, number>>;
  /** Told of each expiry batch (the bench). */
  onExpiryBatch?: ExpiryRunOptions['onBatch'];
}

export function createPeriodicJobs(deps: PeriodicJobDeps): PeriodicJobs {
  const { log } = deps;
  const budgets = { ...RUN_BUDGET_MS, ...deps.budgets };
  /** Under way elsewhere: this run is not needed (the one running goes on, or the next one does). */
  const skipped = <T>(name: string, run: AloneRun<T>): AloneRun<T> => {
    if (!run.ran) log.debug({ queue: name }, 'periodic job under way elsewhere; this run skipped');
    return run;
  };
  return {
    // Store the protections that ended, then queue the warnings that came due.
    async protectionExpiry() {
      const name = JOB_NAMES.protectionExpiry;
      return skipped(
        name,
        await deps.runAlone(name, async (db) => {
          const expiry = await deps.protection.runExpiry({
            db,
            budgetMs: budgets.protectionExpiry,
            ...(deps.onExpiryBatch ? { onBatch: deps.onExpiryBatch } : {}),
          });
          const due = await deps.protection.dueWarnings({ db });
          for (const recordId of due) await deps.sendWarning(recordId);
          return { expiry, warnings: due.length };
        }),
      );
    },
    /**
     * Every due delivery (docs/decisions/054). A failed send is logged at warn (ids, channel, the
     * provider's code: never the phone or the text) and kept in job_failure; the delivery itself
     * retries with its own backoff, so the job does not fail for it.
     */
    async messageDelivery() {
      const name = JOB_NAMES.messageDelivery;
      const { delivery, failures } = deps;
      if (!delivery) return { ran: false };
      return skipped(
        name,
        await deps.runAlone(name, async (db) => {
          const result = await delivery.deliverDue({ db, budgetMs: budgets.messageDelivery });
          for (const failure of result.failures) {
            log.warn({ queue: name, ...failure }, failure.final ? 'message delivery failed, no retry left' : 'message delivery failed, will retry');
            await failures
              ?.record({
                queue: name,
                jobId: `delivery-${failure.deliveryId}`,
                companyId: failure.companyId,
                attempt: failure.attempt,
                final: failure.final,
                error: failure.error,
              })
              .catch(() => undefined);
          }
          return { sent: result.sent, skipped: result.skipped, failed: result.failures.length, finished: result.finished };
        }),
      );
    },
    async housekeeping() {
      const name = JOB_NAMES.housekeeping;
      const { housekeeping } = deps;
      if (!housekeeping) return { ran: false };
      return skipped(name, await deps.runAlone(name, (db) => housekeeping.run({ db, budgetMs: budgets.housekeeping })));
    },
  };
}

/**
 * Builds the queue and its jobs, decorates the app with them, starts the queue once the app is
 * ready (JOBS on) and stops it when the app closes: main.ts closes the app before the database,
 * so no job is in hand when the pool or PGlite goes.
 */
export function registerJobs(app: FastifyInstance, options: { config: Config; database: Database; sms: SmsSender; now?: () => Date }): Jobs {
  const { database } = options;
  const log = app.log.child({ component: 'jobs' });
  const failures = createJobFailureRepository(database.db);
  const queue = createJobQueue({ sql: database.queueSql, log, failures });
  const clock = options.now ? { now: options.now } : {};
  const protection = createRecordProtectionService({ db: database.db, log, notify: app.messageService.notify, ...clock });
  const messages = createMessageRepository(database.db);
  const delivery = createMessageDelivery({
    messages,
    sms: options.sms,
    wechat: app.wechatTemplates,
    wechatTemplates: wechatTemplatesOf(options.config),
    ...clock,
  });

  const housekeeping = createHousekeeping({ messages, failures, log, ...clock });

  const periodic = defineJobs(queue, protection, { delivery, failures, log }, housekeeping, { runAlone: database.runAlone });
  // A cause that queued a WeChat or SMS delivery asks for a run once it committed ('short': one
  // waiting run is enough, it sends every due delivery).
  app.messageService.attachKick(() => {
    if (!queue.started) return;
    queue.send(JOB_NAMES.messageDelivery, {}, { singletonKey: 'deliver' }).catch((error: unknown) => {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'message-delivery job not sent; the sweep sends it');
    });
  });

  const jobs: Jobs = { queue, periodic, failures, protection, delivery, housekeeping };
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

/**
 * The scheduled jobs and their handlers (tests define them on a queue of their own, with their
 * clock). The scheduled ones run through `PeriodicJobs`: one at a time (`options.runAlone`, by
 * default within this process only), within their budgets. Answers them.
 */
export function defineJobs(
  queue: JobQueue,
  protection: RecordProtectionService,
  messaging?: { delivery: MessageDelivery; failures: JobFailureRepository; log: FastifyInstance['log'] },
  housekeeping?: Housekeeping,
  options: { runAlone?: RunAlone; budgets?: PeriodicJobDeps['budgets']; log?: FastifyInstance['log'] } = {},
): PeriodicJobs {
  const periodic = createPeriodicJobs({
    runAlone: options.runAlone ?? runAloneInProcess(),
    protection,
    sendWarning: (recordId) => queue.send(JOB_NAMES.protectionWarning, { recordId }, { singletonKey: `record-${recordId}` }),
    ...(messaging ? { delivery: messaging.delivery, failures: messaging.failures } : {}),
    ...(housekeeping ? { housekeeping } : {}),
    log: options.log ?? messaging?.log ?? silentLog,
    ...(options.budgets ? { budgets: options.budgets } : {}),
  });
  // 'stately' for the scheduled queues: at most one job waiting and one active, so minutes that
  // pass during a long run leave one job, not a pile (the lock keeps the runs apart regardless).
  if (housekeeping) {
    // 03:30 in Shanghai (19:30 UTC), the quietest hour; pg-boss's cron sends it once across instances.
    queue.define<Record<string, never>>({
      name: JOB_NAMES.housekeeping,
      cron: '30 19 * * *',
      policy: 'stately',
      retryLimit: 2,
      retryDelaySeconds: 300,
      async handle() {
        await periodic.housekeeping();
      },
    });
  }
  // Every minute: a minute is the lists' precision (times show to the minute); pg-boss's cron
  // sends each minute's job once across instances.
  queue.define<Record<string, never>>({
    name: JOB_NAMES.protectionExpiry,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 5,
    async handle() {
      await periodic.protectionExpiry();
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
  if (!messaging) return periodic;
  const deliver = async () => {
    await periodic.messageDelivery();
  };
  // A cause's kick and the sweep share one lock: one delivery run at a time.
  queue.define<Record<string, never>>({ name: JOB_NAMES.messageDelivery, policy: 'short', retryLimit: 3, retryDelaySeconds: 10, handle: deliver });
  // Every minute: what a lost or early run left, and the retries that came due.
  queue.define<Record<string, never>>({
    name: JOB_NAMES.messageDeliverySweep,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 1,
    retryDelaySeconds: 10,
    handle: deliver,
  });
  return periodic;
}
