import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { adminExportMessages as text } from '@baobei/shared/messages/admin';
import { queryRows, type Executor } from '../db/client';
import { TooManyRequestsError } from './errors';
import type { RateLimiter } from './rate-limiter';

/**
 * Who may start an export now (issue 26, item 5; docs/decisions/060). An export is long and
 * heavy (a database read per batch, the zip's deflate, the download), so it runs only in a slot:
 * - one running export per operator;
 * - at most `perInstance` running in this process (a counter in memory: it is this process's
 *   CPU and memory that an export takes);
 * - at most `total` running across every instance on the database: lease rows in
 *   `rate_counter`, the table of the shared counters. The operator's row is
 *   `export-running:user:<id>`, the instances' are `export-running:slot:1` … `:<total>`; each is
 *   taken by one conditional upsert (insert it, or take it over once its lease has expired),
 *   with the holder's random token in `count`, so only the holder renews or deletes it. The
 *   lease (`leaseSeconds`) is renewed while the export runs, so a crashed instance's slots free
 *   themselves when it runs out. Primary-key lookups only, the same SQL on PGlite and PostgreSQL.
 * A refused start is 429 导出任务进行中，请稍后. Once started, an operator's exports are counted
 * by the rate limiter (`perOperator` per `windowSeconds`, 429 导出过于频繁，请稍后再试).
 *
 * The slot is released when the export ends, fails or is abandoned: `release` is idempotent,
 * and the route calls it on every one of those paths (admin-export-routes.ts).
 */

export interface ExportLimits {
  /** Exports running at once in this process. */
  perInstance: number;
  /** Exports running at once across every instance on the database. */
  total: number;
  /** Exports an operator may start per window. */
  perOperator: number;
  windowSeconds: number;
  /** How long a slot stays taken without being renewed (an instance that died). */
  leaseSeconds: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perInstance: 2, total: 4, perOperator: 20, windowSeconds: 600, leaseSeconds: 60 };

export interface ExportSlot {
  /** Frees the slot (idempotent). */
  release(): Promise<void>;
}

export interface ExportGate {
  /** Takes a slot for the actor's export, or throws 429. */
  acquire(actor: { id: number }): Promise<ExportSlot>;
  /** Exports running in this process (tests, metrics). */
  running(): number;
}

const KEY = 'export-running:';

export function createExportGate(deps: { db: Executor; limiter: RateLimiter; limits?: Partial<ExportLimits>; log?: FastifyBaseLogger }): ExportGate {
  const { db, limiter, log } = deps;
  const limits = { ...DEFAULT_EXPORT_LIMITS, ...deps.limits };
  let running = 0;

  /** Takes the lease row `key` for `token` when it is free or its lease has run out; true when taken. */
  async function take(key: string, token: number): Promise<boolean> {
    const rows = await queryRows<{ key: string }>(db, sql`
      insert into rate_counter (key, count, reset_at)
      values (${key}, ${token}, now() + make_interval(secs => ${limits.leaseSeconds}))
      on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at
        where rate_counter.reset_at <= now()
      returning key`);
    return rows.length === 1;
  }
  async function drop(key: string, token: number): Promise<void> {
    await db.execute(sql`delete from rate_counter where key = ${key} and count = ${token}`);
  }
  async function renew(keys: readonly string[], token: number): Promise<void> {
    await db.execute(sql`
      update rate_counter set reset_at = now() + make_interval(secs => ${limits.leaseSeconds})
      where key in ${[...keys]} and count = ${token}`);
  }

  /** The instances' slots, tried from a random one so concurrent starts rarely race for the same row. */
  async function takeSlot(token: number): Promise<string | null> {
    const first = randomInt(limits.total);
    for (let i = 0; i < limits.total; i++) {
      const key = `${KEY}slot:${((first + i) % limits.total) + 1}`;
      if (await take(key, token)) return key;
    }
    return null;
  }

  const busy = () => new TooManyRequestsError(text.busy);

  return {
    running: () => running,
    async acquire(actor) {
      if (running >= limits.perInstance) throw busy();
      running++;
      const token = randomInt(1, 2 ** 31 - 1);
      const held: string[] = [];
      let released = false;
      /** Frees what was taken (idempotent); the renewal, once started, stops with it. */
      const free = async (renewal?: NodeJS.Timeout) => {
        if (released) return;
        released = true;
        running--;
        clearInterval(renewal);
        for (const key of held) {
          await drop(key, token).catch((error: unknown) => log?.warn({ err: error, key }, 'export slot not released (its lease will run out)'));
        }
      };
      try {
        const own = `${KEY}user:${actor.id}`;
        if (!(await take(own, token))) throw busy();
        held.push(own);
        const slot = await takeSlot(token);
        if (!slot) throw busy();
        held.push(slot);
        const { count } = await limiter.hit(`export:${actor.id}`, limits.windowSeconds);
        if (count > limits.perOperator) throw new TooManyRequestsError(text.tooFrequent);
      } catch (error) {
        await free();
        throw error;
      }
      const renewal = setInterval(() => {
        renew(held, token).catch((error: unknown) => log?.warn({ err: error }, 'export slot lease not renewed'));
      }, (limits.leaseSeconds * 1000) / 3);
      renewal.unref();
      const release = () => free(renewal);
      return { release };
    },
  };
}
