import type { FastifyBaseLogger } from 'fastify';
import type { AloneRun } from '../../db/client';
import type { RetainedTable } from '../../jobs/housekeeping';
import type { JobFailureRepository } from '../../jobs/job-failure-repository';
import { schedulePeriodic, type JobQueue } from '../../jobs/job-queue';
import { JOB_NAMES, RUN_BUDGET_MS, runAloneInProcess, runPeriodic, silentLog, type RunAlone } from '../../jobs/jobs';
import type { MessageDelivery } from './message-delivery';
import type { MessageRepository } from './message-repository';

/** How long the message centre keeps a message (docs/decisions/057): half a year, read or not. */
export const MESSAGE_RETENTION_DAYS = 180;

/** The message centre's part of the nightly clean-up: messages with their deliveries. */
export function messageRetention(messages: MessageRepository): RetainedTable {
  return { name: 'messages', days: MESSAGE_RETENTION_DAYS, deleteOlderThan: messages.deleteOlderThan };
}

export interface DeliveryRun {
  sent: number;
  skipped: number;
  failed: number;
  finished: boolean;
}

/** The delivery job's run (docs/decisions/054, 063), whoever starts it. */
export interface DeliveryJob {
  messageDelivery(): Promise<AloneRun<DeliveryRun>>;
}

export interface DeliveryJobOptions {
  failures?: JobFailureRepository;
  runAlone?: RunAlone;
  log?: FastifyBaseLogger;
  /** A run's budget (default RUN_BUDGET_MS.messageDelivery). */
  budgetMs?: number;
}

/**
 * The run alone: every due delivery. A failed send is logged at warn (ids, channel, the
 * provider's code: never the phone or the text) and kept in job_failure; the delivery itself
 * retries with its own backoff, so the job does not fail for it.
 */
export function deliveryJob(delivery: MessageDelivery, options: DeliveryJobOptions = {}): DeliveryJob {
  const name = JOB_NAMES.messageDelivery;
  const log = options.log ?? silentLog;
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.messageDelivery;
  const runAlone = options.runAlone ?? runAloneInProcess();
  return {
    messageDelivery: () =>
      runPeriodic(runAlone, name, log, async (db) => {
        const result = await delivery.deliverDue({ db, budgetMs });
        for (const failure of result.failures) {
          log.warn({ queue: name, ...failure }, failure.final ? 'message delivery failed, no retry left' : 'message delivery failed, will retry');
          await options.failures
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
  };
}

/**
 * The message module's jobs on `queue` (the app's, or a test's own): a run when a cause asks
 * for one, and the sweep every minute, sharing one lock. Answers the run, and `kick`, which asks
 * for a run once a cause committed.
 */
export function defineDeliveryJobs(queue: JobQueue, delivery: MessageDelivery, options: DeliveryJobOptions = {}): DeliveryJob & { kick(): void } {
  const job = deliveryJob(delivery, options);
  const deliver = async () => {
    await job.messageDelivery();
  };
  queue.define<Record<string, never>>({ name: JOB_NAMES.messageDelivery, policy: 'short', retryLimit: 3, retryDelaySeconds: 10, handle: deliver });
  // Every minute: what a lost or early run left, and the retries that came due.
  schedulePeriodic(queue, { name: JOB_NAMES.messageDeliverySweep, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 10 }, deliver);
  return {
    ...job,
    // 'short': one waiting run is enough, it sends every due delivery. A lost send is the sweep's.
    kick() {
      if (!queue.started) return;
      queue.send(JOB_NAMES.messageDelivery, {}, { singletonKey: 'deliver' }).catch((error: unknown) => {
        options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'message-delivery job not sent; the sweep sends it');
      });
    },
  };
}
