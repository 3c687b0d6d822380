import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SmsSender } from '../lib/sms';
import { createRecordProtectionService, type RecordProtectionService } from '../modules/record/record-protection-service';
import { createMessageDelivery, type MessageDelivery } from '../modules/message/message-delivery';
import { wechatTemplatesOf } from '../modules/message/message-module';
import { createMessageRepository } from '../modules/message/message-repository';
import { createJobFailureRepository, type JobFailureRepository } from './job-failure-repository';
import { createHousekeeping, type Housekeeping } from './housekeeping';
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

  defineJobs(queue, protection, { delivery, failures, log }, housekeeping);
  // A cause that queued a WeChat or SMS delivery asks for a run once it committed ('short': one
  // waiting run is enough, it sends every due delivery).
  app.messageService.attachKick(() => {
    if (!queue.started) return;
    queue.send(JOB_NAMES.messageDelivery, {}, { singletonKey: 'deliver' }).catch((error: unknown) => {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'message-delivery job not sent; the sweep sends it');
    });
  });

  const jobs: Jobs = { queue, failures, protection, delivery, housekeeping };
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
export function defineJobs(
  queue: JobQueue,
  protection: RecordProtectionService,
  messaging?: { delivery: MessageDelivery; failures: JobFailureRepository; log: FastifyInstance['log'] },
  housekeeping?: Housekeeping,
): void {
  if (housekeeping) {
    // 03:30 in Shanghai (19:30 UTC), the quietest hour; pg-boss's cron sends it once across instances.
    queue.define<Record<string, never>>({
      name: JOB_NAMES.housekeeping,
      cron: '30 19 * * *',
      retryLimit: 2,
      retryDelaySeconds: 300,
      async handle() {
        await housekeeping.run();
      },
    });
  }
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
  if (!messaging) return;
  const { delivery, failures, log } = messaging;
  /**
   * Every due delivery (docs/decisions/054). A failed send is logged at warn (ids, channel, the
   * provider's code: never the phone or the text) and kept in job_failure; the delivery itself
   * retries with its own backoff, so the job does not fail for it.
   */
  const deliver = async () => {
    const result = await delivery.deliverDue();
    for (const failure of result.failures) {
      log.warn({ queue: JOB_NAMES.messageDelivery, ...failure }, failure.final ? 'message delivery failed, no retry left' : 'message delivery failed, will retry');
      await failures
        .record({
          queue: JOB_NAMES.messageDelivery,
          jobId: `delivery-${failure.deliveryId}`,
          companyId: failure.companyId,
          attempt: failure.attempt,
          final: failure.final,
          error: failure.error,
        })
        .catch(() => undefined);
    }
  };
  queue.define<Record<string, never>>({ name: JOB_NAMES.messageDelivery, policy: 'short', retryLimit: 3, retryDelaySeconds: 10, handle: deliver });
  // Every minute: what a lost or early run left, and the retries that came due.
  queue.define<Record<string, never>>({ name: JOB_NAMES.messageDeliverySweep, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 10, handle: deliver });
}
