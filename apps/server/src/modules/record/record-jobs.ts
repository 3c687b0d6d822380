import type { FastifyBaseLogger } from 'fastify';
import type { AloneRun } from '../../db/client';
import { schedulePeriodic, type JobQueue } from '../../jobs/job-queue';
import { JOB_NAMES, RUN_BUDGET_MS, runAloneInProcess, runPeriodic, silentLog, type RunAlone } from '../../jobs/jobs';
import type { ExpiryRun, ExpiryRunOptions, RecordProtectionService } from './record-protection-service';
import type { ReminderRun, VisitReminders } from './visit-reminder';

export interface ProtectionRun {
  expiry: ExpiryRun;
  /** Reports whose warning job was queued. */
  warnings: number;
}

/** The protection job's run (docs/decisions/051, 063), whoever starts it. */
export interface ProtectionJob {
  protectionExpiry(): Promise<AloneRun<ProtectionRun>>;
}

export interface ProtectionJobOptions {
  runAlone?: RunAlone;
  log?: FastifyBaseLogger;
  /** A run's budget (default RUN_BUDGET_MS.protectionExpiry). */
  budgetMs?: number;
  /** Told of each expiry batch (the bench). */
  onExpiryBatch?: ExpiryRunOptions['onBatch'];
}

/**
 * The run alone: stores the protections that ended, then queues (`sendWarning`) the warnings
 * that came due, one job per report.
 */
export function protectionJob(protection: RecordProtectionService, sendWarning: (recordId: number) => Promise<unknown>, options: ProtectionJobOptions = {}): ProtectionJob {
  const runAlone = options.runAlone ?? runAloneInProcess();
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.protectionExpiry;
  return {
    protectionExpiry: () =>
      runPeriodic(runAlone, JOB_NAMES.protectionExpiry, options.log ?? silentLog, async (db) => {
        const expiry = await protection.runExpiry({ db, budgetMs, ...(options.onExpiryBatch ? { onBatch: options.onExpiryBatch } : {}) });
        const due = await protection.dueWarnings({ db });
        for (const recordId of due) await sendWarning(recordId);
        return { expiry, warnings: due.length };
      }),
  };
}

/**
 * The report module's jobs on `queue` (the app's, or a test's own with its clock): the protection
 * expiry every minute, and one warning job per report.
 */
export function defineProtectionJobs(queue: JobQueue, protection: RecordProtectionService, options: ProtectionJobOptions = {}): ProtectionJob {
  const job = protectionJob(protection, (recordId) => queue.send(JOB_NAMES.protectionWarning, { recordId }, { singletonKey: `record-${recordId}` }), options);
  // Every minute: a minute is the lists' precision (times show to the minute); pg-boss's cron
  // sends each minute's job once across instances. 'stately': at most one job waiting and one
  // active, so minutes that pass during a long run leave one job, not a pile.
  schedulePeriodic(queue, { name: JOB_NAMES.protectionExpiry, cron: '* * * * *', retryDelaySeconds: 5 }, () => job.protectionExpiry());
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
  return job;
}

/** 到访提醒's run (docs/decisions/089), whoever starts it. */
export interface VisitReminderJob {
  visitReminder(): Promise<AloneRun<ReminderRun>>;
}

/** The run alone across instances (docs/decisions/063); the guarded mark keeps each reminder once even without it. */
export function visitReminderJob(reminders: VisitReminders, options: Omit<ProtectionJobOptions, 'onExpiryBatch'> = {}): VisitReminderJob {
  const runAlone = options.runAlone ?? runAloneInProcess();
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.visitReminder;
  return {
    visitReminder: () => runPeriodic(runAlone, JOB_NAMES.visitReminder, options.log ?? silentLog, (db) => reminders.run({ db, budgetMs })),
  };
}

/** 到访提醒 on `queue`: every minute, as protection expiry ('stately': minutes of a long run leave one job). */
export function defineVisitReminderJob(queue: JobQueue, reminders: VisitReminders, options: Omit<ProtectionJobOptions, 'onExpiryBatch'> = {}): VisitReminderJob {
  const job = visitReminderJob(reminders, options);
  schedulePeriodic(queue, { name: JOB_NAMES.visitReminder, cron: '* * * * *', retryDelaySeconds: 5 }, () => job.visitReminder());
  return job;
}
