import type { FastifyBaseLogger } from 'fastify';
import type { AloneRun } from '../../db/client';
import { schedulePeriodic, type JobQueue } from '../../jobs/job-queue';
import { JOB_NAMES, RUN_BUDGET_MS, runAloneInProcess, runPeriodic, silentLog, type RunAlone } from '../../jobs/jobs';
import type { Executor } from '../../db/client';
import type { AlertService } from './alert-service';
import { createChannelRepository } from './channel-repository';
import { nextTurn } from '../../lib/next-turn';

/** Days folded per statement batch; a run goes on while its budget lasts. */
const FOLD_BATCH_DAYS = 20;

export interface ChannelFoldJob {
  /** Folds every day with fresh rows (within the budget); answers how many days it folded. */
  fold(): Promise<AloneRun<number>>;
}

/**
 * 数据驾驶舱's kept counts (docs/decisions/087): the triggers only insert, so the rows of a busy
 * day pile up; this folds each such day into one row per key and measure, one at a time across
 * instances (decision 063).
 */
export function channelFoldJob(db: Executor, options: { runAlone?: RunAlone; log?: FastifyBaseLogger; budgetMs?: number } = {}): ChannelFoldJob {
  const runAlone = options.runAlone ?? runAloneInProcess();
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.channelTallyFold;
  return {
    fold: () =>
      runPeriodic(runAlone, JOB_NAMES.channelTallyFold, options.log ?? silentLog, async (lockDb) => {
        const channel = createChannelRepository(lockDb ?? db);
        const started = Date.now();
        let folded = 0;
        for (;;) {
          const n = await channel.fold(FOLD_BATCH_DAYS);
          folded += n;
          if (n < FOLD_BATCH_DAYS || Date.now() - started > budgetMs) return folded;
          await nextTurn();
        }
      }),
  };
}

/**
 * The fold every five minutes and the alerts every ten on `queue` ('stately': one waiting, one
 * running); the alerts run alone across instances too (decision 063).
 */
export function defineChannelJobs(queue: JobQueue, db: Executor, alerts: AlertService, options: { runAlone?: RunAlone; log?: FastifyBaseLogger } = {}): ChannelFoldJob {
  const job = channelFoldJob(db, options);
  schedulePeriodic(queue, { name: JOB_NAMES.channelTallyFold, cron: '*/5 * * * *', retryDelaySeconds: 30 }, () => job.fold());
  const runAlone = options.runAlone ?? runAloneInProcess();
  schedulePeriodic(queue, { name: JOB_NAMES.channelAlerts, cron: '*/10 * * * *', retryDelaySeconds: 60 }, () =>
    runPeriodic(runAlone, JOB_NAMES.channelAlerts, options.log ?? silentLog, () => alerts.run()),
  );
  return job;
}
