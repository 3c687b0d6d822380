import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness';

describe('readiness checks', () => {
  it('is ready when every check answers, and names each check', async () => {
    const readiness = createReadiness({ timeoutMs: 200 });
    readiness.register('database', async () => 1);
    readiness.register('storage', async () => undefined);
    expect(await readiness.report()).toEqual({ ready: true, shuttingDown: false, checks: { database: 'up', storage: 'up' } });
  });

  it('names a check that failed, threw at once or did not answer in time, and only those', async () => {
    const readiness = createReadiness({ timeoutMs: 100 });
    readiness.register('database', async () => 1);
    readiness.register('redis', () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:6379 password=secret')));
    readiness.register('storage', () => {
      throw new Error('no bucket');
    });
    readiness.register('slow', () => new Promise(() => undefined));
    const started = Date.now();
    const report = await readiness.report();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report).toEqual({ ready: false, shuttingDown: false, checks: { database: 'up', redis: 'down', storage: 'down', slow: 'timeout' } });
    expect(JSON.stringify(report)).not.toMatch(/secret|10\.0\.0\.5/);
  });

  it('is not ready once shutting down, even with every check up', async () => {
    const readiness = createReadiness({ timeoutMs: 100 });
    readiness.register('database', async () => 1);
    readiness.markShuttingDown();
    expect(await readiness.report()).toEqual({ ready: false, shuttingDown: true, checks: { database: 'up' } });
  });

  it('refuses a name registered twice', () => {
    const readiness = createReadiness({ timeoutMs: 100 });
    readiness.register('storage', async () => 1);
    expect(() => readiness.register('storage', async () => 1)).toThrow(/twice/);
  });
});
