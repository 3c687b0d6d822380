import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { openSecondInstance, openTestDatabase, testDatabaseKind } from '../test/test-database';
import { queryRows } from '../db/client';
import { AppError } from './errors';
import { createExportGate, type ExportLimits } from './export-gate';
import { createRateLimiter } from './rate-limiter';

/**
 * The export slots (docs/decisions/060): one per operator and `total` in all across instances
 * (lease rows in rate_counter), `perInstance` in one process, the rate limit, and a slot whose
 * holder died taken over once its lease has run out.
 */

let database: Database;
/** Another instance's connection (PostgreSQL); on PGlite, the same one (one process). */
let second: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  second = testDatabaseKind() === 'postgres' ? openSecondInstance(database) : database;
}, 60_000);
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_counter where key like 'export%'`);
});

const instance = (db: Database, limits: Partial<ExportLimits> = {}) =>
  createExportGate({ db: db.db, limiter: createRateLimiter(db.db), limits: { perInstance: 5, total: 3, perOperator: 100, ...limits } });

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(429);
  return (error as AppError).msg;
}
const leases = () => queryRows<{ key: string }>(database.db, sql`select key from rate_counter where key like 'export-running:%' and reset_at > now() order by key`);

describe('export slots', () => {
  it('holds one export per operator and `total` in all, across instances, until released', async () => {
    const a = instance(database);
    const b = instance(second);
    const one = await a.acquire({ id: 1 });
    // The same operator on another instance: refused.
    expect(await refusal(b.acquire({ id: 1 }))).toBe('导出任务进行中，请稍后');
    const two = await b.acquire({ id: 2 });
    const three = await a.acquire({ id: 3 });
    // total is 3: a fourth operator, on either instance, waits.
    expect(await refusal(b.acquire({ id: 4 }))).toBe('导出任务进行中，请稍后');
    expect(await refusal(a.acquire({ id: 4 }))).toBe('导出任务进行中，请稍后');
    expect((await leases()).map((r) => r.key)).toEqual([
      'export-running:slot:1',
      'export-running:slot:2',
      'export-running:slot:3',
      'export-running:user:1',
      'export-running:user:2',
      'export-running:user:3',
    ]);
    await two.release();
    await two.release(); // idempotent
    const four = await b.acquire({ id: 4 });
    await Promise.all([one.release(), three.release(), four.release()]);
    expect(await leases()).toEqual([]);
    expect(a.running() + b.running()).toBe(0);
  });

  it('holds `perInstance` in one process whatever the database allows', async () => {
    const a = instance(database, { perInstance: 1, total: 10 });
    const one = await a.acquire({ id: 1 });
    expect(await refusal(a.acquire({ id: 2 }))).toBe('导出任务进行中，请稍后');
    // The refused start left nothing behind.
    expect((await leases()).filter((r) => r.key.includes('user:2'))).toEqual([]);
    await one.release();
    await (await a.acquire({ id: 2 })).release();
  });

  it('takes over the slots of an instance that died once their lease has run out, and the dead holder cannot free the new one', async () => {
    const dead = instance(database);
    const held = await dead.acquire({ id: 7 });
    const alive = instance(second);
    expect(await refusal(alive.acquire({ id: 7 }))).toBe('导出任务进行中，请稍后');
    // The instance died: nothing renews its lease, which runs out.
    await database.db.execute(sql`update rate_counter set reset_at = now() - interval '1 second' where key like 'export-running:%'`);
    const taken = await alive.acquire({ id: 7 });
    // The old holder's late release (or renewal) does not touch the new holder's rows.
    await held.release();
    expect((await leases()).map((r) => r.key)).toContain('export-running:user:7');
    await taken.release();
    expect(await leases()).toEqual([]);
  });

  it('renews the lease while the export runs', async () => {
    const gate = instance(database, { leaseSeconds: 1 });
    const slot = await gate.acquire({ id: 8 });
    await new Promise((r) => setTimeout(r, 1_600));
    // Past the first lease, the slot is still held.
    expect(await refusal(instance(second, { leaseSeconds: 1 }).acquire({ id: 8 }))).toBe('导出任务进行中，请稍后');
    await slot.release();
  });

  it('counts an operator’s started exports: past the limit 429 导出过于频繁，请稍后再试, with the slot freed', async () => {
    const gate = instance(database, { perOperator: 2 });
    await (await gate.acquire({ id: 9 })).release();
    await (await gate.acquire({ id: 9 })).release();
    expect(await refusal(gate.acquire({ id: 9 }))).toBe('导出过于频繁，请稍后再试');
    expect(await leases()).toEqual([]);
    expect(gate.running()).toBe(0);
    // Another operator has a window of its own.
    await (await gate.acquire({ id: 10 })).release();
  });
});
