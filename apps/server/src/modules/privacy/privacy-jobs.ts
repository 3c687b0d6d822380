import type { FastifyBaseLogger } from 'fastify';
import type { AloneRun } from '../../db/client';
import { schedulePeriodic, type JobQueue } from '../../jobs/job-queue';
import { JOB_NAMES, RUN_BUDGET_MS, runAloneInProcess, runPeriodic, silentLog, type RunAlone } from '../../jobs/jobs';
import type { Retention, RetentionRun, RetentionRunOptions } from './retention';

/** 数据保留's run (docs/decisions/093), whoever starts it. */
export interface RetentionJob {
  dataRetention(options?: Pick<RetentionRunOptions, 'onBatch' | 'batchSize'>): Promise<AloneRun<RetentionRun>>;
}

export interface RetentionJobOptions {
  runAlone?: RunAlone;
  log?: FastifyBaseLogger;
  budgetMs?: number;
}

/** The run alone across instances (docs/decisions/063); the markers keep a second run from changing anything anyway. */
export function retentionJob(retention: Retention, options: RetentionJobOptions = {}): RetentionJob {
  const runAlone = options.runAlone ?? runAloneInProcess();
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS.dataRetention;
  return {
    dataRetention: (extra = {}) => runPeriodic(runAlone, JOB_NAMES.dataRetention, options.log ?? silentLog, (db) => retention.run({ db, budgetMs, ...extra })),
  };
}

/** 数据保留 on `queue`: nightly at 03:00 in Shanghai (19:00 UTC), before housekeeping's 03:30. */
export function defineRetentionJob(queue: JobQueue, retention: Retention, options: RetentionJobOptions = {}): RetentionJob {
  const job = retentionJob(retention, options);
  schedulePeriodic(queue, { name: JOB_NAMES.dataRetention, cron: '0 19 * * *', retryDelaySeconds: 300 }, () => job.dataRetention());
  return job;
}
