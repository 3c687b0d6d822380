import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Registry } from 'prom-client';
import type { Database } from '../db/client';
import { openSecondInstance, openTestDatabase, testDatabaseKind } from '../test/test-database';
import { createOperationMetrics } from '../lib/operation-metrics';
import { createJobFailureRepository } from './job-failure-repository';
import { createJobQueue, type JobQueue } from './job-queue';

const log = pino({ level: 'silent' });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function queueOn(database: Database, registry?: Registry): JobQueue {
  const metrics = registry ? { metrics: createOperationMetrics(registry) } : {};
  return createJobQueue({ sql: database.queueSql, log, failures: createJobFailureRepository(database.db), pollingIntervalSeconds: 0.5, ...metrics });
}

/** A metric's series lines, `name{labels} value`, sorted. */
async function series(registry: Registry, name: string): Promise<string[]> {
  return (await registry.metrics()).split('\n').filter((line) => line.startsWith(`${name}{`)).sort();
}

describe(`job queue (pg-boss on ${testDatabaseKind()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs jobs, retries a failing one, logs each failed attempt and keeps one waiting job per singleton key', async () => {
    const registry = new Registry();
    const queue = queueOn(database, registry);
    const done: string[] = [];
    let flaky = 0;
    queue.define<{ n: number }>({ name: 'test-work', retryLimit: 0, async handle({ n }) { done.push(`work-${n}`); } });
    queue.define<object>({
      name: 'test-flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      async handle() {
        flaky += 1;
        if (flaky < 3) throw new Error('not yet');
        done.push('flaky');
      },
    });
    queue.define<object>({ name: 'test-broken', retryLimit: 1, retryDelaySeconds: 1, async handle() { throw new Error('always broken'); } });
    queue.define<{ k: string }>({ name: 'test-single', policy: 'short', async handle() {} });
    await queue.start();
    try {
      // Sent before any worker could take the first: the second of one key adds nothing.
      const first = await queue.send('test-single', { k: 'a' }, { singletonKey: 'report-1', startAfterSeconds: 60 });
      const second = await queue.send('test-single', { k: 'a' }, { singletonKey: 'report-1', startAfterSeconds: 60 });
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();

      for (let n = 0; n < 5; n++) await queue.send('test-work', { n });
      const flakyId = await queue.send('test-flaky', {});
      const brokenId = await queue.send('test-broken', {});
      await until(() => done.length === 6, 40_000);
      expect(done.filter((d) => d.startsWith('work-')).sort()).toEqual(['work-0', 'work-1', 'work-2', 'work-3', 'work-4']);
      expect(flaky).toBe(3);

      const failures = createJobFailureRepository(database.db);
      await until(async () => (await failures.list({ limit: 50, offset: 0 })).filter((f) => f.jobId === brokenId).length === 2, 40_000);
      const all = await failures.list({ limit: 50, offset: 0 });
      const flakyRows = all.filter((f) => f.jobId === flakyId).sort((a, b) => a.attempt - b.attempt);
      expect(flakyRows.map((f) => [f.attempt, f.final])).toEqual([[1, false], [2, false]]);
      const brokenRows = all.filter((f) => f.jobId === brokenId).sort((a, b) => a.attempt - b.attempt);
      expect(brokenRows.map((f) => [f.queue, f.attempt, f.final, f.error])).toEqual([
        ['test-broken', 1, false, 'Error: always broken'],
        ['test-broken', 2, true, 'Error: always broken'],
      ]);
      const finalOnly = await failures.list({ limit: 50, offset: 0 }, { finalOnly: true });
      expect(finalOnly.map((f) => f.jobId)).toEqual([brokenId]);

      // /metrics (docs/decisions/097): every attempt by queue and outcome, and what waits: the
      // singleton job deferred a minute, nothing else.
      expect(await series(registry, 'job_attempts_total')).toEqual([
        'job_attempts_total{queue="test-broken",outcome="failed"} 2',
        'job_attempts_total{queue="test-flaky",outcome="completed"} 1',
        'job_attempts_total{queue="test-flaky",outcome="failed"} 2',
        'job_attempts_total{queue="test-work",outcome="completed"} 5',
      ]);
      expect(await series(registry, 'job_attempt_duration_seconds_count')).toContain('job_attempt_duration_seconds_count{queue="test-work"} 5');
      expect(await series(registry, 'job_queue_waiting')).toEqual([
        'job_queue_waiting{queue="test-broken"} 0',
        'job_queue_waiting{queue="test-flaky"} 0',
        'job_queue_waiting{queue="test-single"} 1',
        'job_queue_waiting{queue="test-work"} 0',
      ]);
    } finally {
      await queue.stop();
    }
  }, 120_000);

  it.runIf(testDatabaseKind() === 'postgres')('runs each due job exactly once with two instances on one PostgreSQL', async () => {
    // A second instance: its own pool on the same database.
    const other = openSecondInstance(database);
    const runs = new Map<number, string[]>();
    const queues = [queueOn(database), queueOn(other)];
    queues.forEach((queue, index) => {
      queue.define<{ n: number }>({
        name: 'test-once',
        async handle({ n }) {
          runs.set(n, [...(runs.get(n) ?? []), `instance-${index}`]);
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
    });
    try {
      await Promise.all(queues.map((q) => q.start()));
      const total = 60;
      await Promise.all(Array.from({ length: total }, (_, n) => queues[n % 2]!.send('test-once', { n })));
      await until(() => runs.size === total, 60_000);
      // A moment more: a job run twice would show now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect([...runs.values()].every((r) => r.length === 1)).toBe(true);
      const byInstance = [...runs.values()].flat();
      expect(byInstance.filter((i) => i === 'instance-0').length + byInstance.filter((i) => i === 'instance-1').length).toBe(total);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await other.close();
    }
  }, 120_000);
});
