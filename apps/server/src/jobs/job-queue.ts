import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSql } from '../db/client';
import { NO_OPERATION_METRICS, type OperationMetrics } from '../lib/operation-metrics';
import type { JobFailureRepository } from './job-failure-repository';

/**
 * The job queue (issue 17, item 1; docs/decisions/051): pg-boss on the app's own database. On
 * PostgreSQL every instance runs a worker and pg-boss fetches with FOR UPDATE SKIP LOCKED, so a
 * job runs on one of them; its cron keeps one schedule per queue and sends each minute's job
 * once, whichever instances are up. On embedded PGlite the very same queue runs in the server
 * process, through the client the app already holds (pg-boss's bring-your-own `db`).
 */
export interface JobDefinition<T extends object> {
  name: string;
  /** Idempotent: a job can run again after a crash or a retry. Throwing fails the attempt. */
  handle(data: T): Promise<void>;
  /** Retries after a failure (default 3), waiting retryDelaySeconds, doubling each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A cron expression (UTC) when the job is scheduled rather than sent. */
  cron?: string;
  /**
   * 'short': at most one waiting job per singleton key, so sending again while one waits adds
   * nothing (what a job keyed by its report wants). 'stately': at most one waiting and one
   * active (a scheduled job: minutes that pass during a long run leave one job). Default 'standard'.
   */
  policy?: 'standard' | 'short' | 'stately';
  /**
   * An active job not finished within this long is failed and retried (default 300 s): a job in
   * hand when an instance died, or fetched in the instant its instance stopped.
   */
  expireInSeconds?: number;
  /** Jobs a worker takes per fetch (default 1); a worker fetches once per polling interval. */
  batchSize?: number;
}

export interface JobQueue {
  /** Before start: the queue's handler and, with `cron`, its schedule. */
  define<T extends object>(job: JobDefinition<T>): void;
  start(): Promise<void>;
  /** Stops fetching and waits (up to timeoutMs) for the jobs in hand; before the database closes. */
  stop(timeoutMs?: number): Promise<void>;
  /** The job's id, or null when a waiting job of the same singleton key made it redundant. */
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>;
  readonly started: boolean;
}

/**
 * A job pg-boss's cron sends on a schedule (UTC), once across instances: 'stately', at most one
 * waiting and one active, so time that passes during a long run leaves one job, not a pile; a
 * failed run is tried again `retryLimit` times (default 2).
 */
export function schedulePeriodic(
  queue: Pick<JobQueue, 'define'>,
  job: { name: string; cron: string; retryDelaySeconds: number; retryLimit?: number },
  run: () => Promise<unknown>,
): void {
  queue.define<Record<string, never>>({
    name: job.name,
    cron: job.cron,
    policy: 'stately',
    retryLimit: job.retryLimit ?? 2,
    retryDelaySeconds: job.retryDelaySeconds,
    async handle() {
      await run();
    },
  });
}

export interface JobQueueOptions {
  sql: QueueSql;
  log: FastifyBaseLogger;
  failures: JobFailureRepository;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Each attempt and the queues' waiting jobs, for /metrics (docs/decisions/097). */
  metrics?: OperationMetrics;
}

/** deadlock_detected, unique_violation, duplicate_table: another instance created it first. */
const STARTING_RACE_CODES = ['40P01', '23505', '42P07'];

/**
 * The error as the log and job_failure keep it: its message, short; never the job's data. A
 * mobile number inside a message (a provider's or a driver's words) is masked as the lists show
 * one (138****0000): the console's 后台任务 shows these texts to operators (docs/decisions/056).
 */
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2').slice(0, 500);
}

/** The ids a job's data names that tie it to a company (docs/decisions/056): only these are read, never other fields. */
function ownerOf(data: unknown): { companyId: number | null; recordId: number | null } {
  const id = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return { companyId: id(fields.companyId), recordId: id(fields.recordId) };
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { log, failures } = options;
  const metrics = options.metrics ?? NO_OPERATION_METRICS;
  const definitions = new Map<string, JobDefinition<object>>();
  const boss = new PgBoss({
    db: options.sql,
    schema: 'pgboss',
    // One maintenance and cron monitor across instances (pg-boss takes turns through its tables).
    supervise: true,
    schedule: true,
    migrate: true,
  });
  // pg-boss reports what goes wrong in its own loops (a lost connection, a maintenance error).
  boss.on('error', (error) => log.warn({ err: errorText(error) }, 'job queue error'));
  let started = false;
  let stopped = false;
  let starting: Promise<void> | null = null;

  /**
   * Creates the queue when missing and makes its settings follow the code. Instances starting
   * together race on pg-boss's queue creation (its lock and the queue's partition table: a
   * deadlock or a duplicate for the loser), so a loser waits a moment and looks again.
   */
  async function ensureQueue(settings: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(settings.name))) await boss.createQueue(settings.name, settings);
        await boss.updateQueue(settings.name, settings);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (attempt >= 8 || !STARTING_RACE_CODES.includes(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  /**
   * One job of a fetched batch. A failure fails that job alone (pg-boss retries it or keeps it
   * failed); the batch's others complete when the handler returns (pg-boss completes only the
   * jobs still active).
   */
  async function run(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const started = performance.now();
    try {
      await definition.handle(job.data);
      metrics.jobAttempt(job.name, 'completed', (performance.now() - started) / 1000);
    } catch (error) {
      metrics.jobAttempt(job.name, 'failed', (performance.now() - started) / 1000);
      const final = job.retryCount >= job.retryLimit;
      const fields = { queue: job.name, jobId: job.id, attempt: job.retryCount + 1, final, err: errorText(error) };
      log.warn(fields, final ? 'job failed, no retry left' : 'job failed, will retry');
      await failures
        .record({ queue: job.name, jobId: job.id, attempt: job.retryCount + 1, final, error: fields.err, ...ownerOf(job.data) })
        .catch((logError: unknown) => log.warn({ err: errorText(logError) }, 'job failure not recorded'));
      await boss.fail(job.name, job.id, { message: fields.err });
    }
  }

  async function startNow(): Promise<void> {
    if (stopped) return;
    await boss.start();
    // From here stop() stops pg-boss, even when a queue below fails to set up.
    started = true;
    for (const definition of definitions.values()) {
      const settings = {
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 300,
      };
      await ensureQueue({ name: definition.name, ...settings });
      await boss.work<object>(
        definition.name,
        { includeMetadata: true, batchSize: definition.batchSize ?? 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) await run(definition, job);
        },
      );
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {});
    }
    // Created or to retry: what no worker holds yet. One count per queue at each scrape.
    metrics.readQueueDepth(async () => {
      const names = [...definitions.keys()];
      const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name, { before: 'active' })));
      return new Map(names.map((name, i) => [name, sizes[i]!]));
    });
  }

  return {
    get started() {
      return started;
    },
    define(definition) {
      if (started) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as JobDefinition<object>);
    },
    start() {
      starting ??= startNow();
      return starting;
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      // A start under way finishes first (its failure is the start's to report).
      if (starting) await starting.catch(() => {});
      if (!started) return;
      // graceful: the jobs in hand finish (up to timeoutMs); wait: resolve only when they have.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      started = false;
    },
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
  };
}
