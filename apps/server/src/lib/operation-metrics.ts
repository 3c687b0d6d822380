import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * What the background and outside work does, for /metrics (issue 34 item 5, docs/decisions/097):
 * job attempts and the jobs waiting per queue, SMS sends by provider and outcome, exports
 * running. The parts that do the work report here without knowing Prometheus; with METRICS off
 * they get NO_OPERATION_METRICS, which does nothing.
 */
export interface OperationMetrics {
  /** A job attempt ended: its queue, completed or failed (a retry to come or not), and how long it ran. */
  jobAttempt(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
  /** Reads the jobs waiting per queue at each scrape (the queue, once it has started). */
  readQueueDepth(read: () => Promise<ReadonlyMap<string, number>>): void;
  /** One message handed to the SMS provider: 'sent', or how it failed (lib/sms.ts SmsFailure). */
  smsSend(provider: string, kind: string, outcome: string): void;
  /** Reads the exports running in this process at each scrape (lib/export-gate.ts). */
  readExportsRunning(read: () => number): void;
}

export const NO_OPERATION_METRICS: OperationMetrics = {
  jobAttempt() {},
  readQueueDepth() {},
  smsSend() {},
  readExportsRunning() {},
};

/** Job runs take from milliseconds (a message) to minutes (the nightly clean-up). */
const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300];

export function createOperationMetrics(registry: Registry): OperationMetrics {
  const registers = [registry];
  const jobAttempts = new Counter({
    name: 'job_attempts_total',
    help: 'Job attempts by queue and outcome (completed, or failed: retried or kept failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'job_attempt_duration_seconds',
    help: 'How long a job attempt ran, by queue',
    labelNames: ['queue'] as const,
    buckets: JOB_SECONDS_BUCKETS,
    registers,
  });
  let queueDepth: (() => Promise<ReadonlyMap<string, number>>) | null = null;
  new Gauge({
    name: 'job_queue_waiting',
    help: 'Jobs waiting in each queue (created or to retry), read at the scrape',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      if (!queueDepth) return;
      // A scrape while the database is away reports no depth rather than failing the page.
      const depths = await queueDepth().catch(() => new Map<string, number>());
      for (const [queue, waiting] of depths) this.set({ queue }, waiting);
    },
  });
  const smsSends = new Counter({
    name: 'sms_sends_total',
    help: 'Messages handed to the SMS provider, by provider, kind and outcome (sent, rateLimited, badNumber, unavailable)',
    labelNames: ['provider', 'kind', 'outcome'] as const,
    registers,
  });
  let exportsRunning: (() => number) | null = null;
  new Gauge({
    name: 'exports_running',
    help: 'Console exports running in this process',
    registers,
    collect() {
      this.set(exportsRunning?.() ?? 0);
    },
  });

  return {
    jobAttempt(queue, outcome, seconds) {
      jobAttempts.inc({ queue, outcome });
      jobSeconds.observe({ queue }, seconds);
    },
    readQueueDepth(read) {
      queueDepth = read;
    },
    smsSend(provider, kind, outcome) {
      smsSends.inc({ provider, kind, outcome });
    },
    readExportsRunning(read) {
      exportsRunning = read;
    },
  };
}
