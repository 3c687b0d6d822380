import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';

export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters in PostgreSQL (ARCHITECTURE.md, Runs: no state in memory that
 * matters), so every instance behind a load balancer sees the same counts.
 */
export function createRateLimiter(db: Executor) {
  return {
    /** Counts one hit in the window of `key` and returns the count including it. */
    async hit(key: string, windowSeconds: number): Promise<RateWindow> {
      const rows = await queryRows<{ count: number; reset_at: Date | string }>(db, sql`
        insert into rate_counter (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_counter.reset_at <= now() then 1 else rate_counter.count + 1 end,
          reset_at = case when rate_counter.reset_at <= now()
            then now() + make_interval(secs => ${windowSeconds}) else rate_counter.reset_at end
        returning count, reset_at`);
      const row = rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
    /** The current count of a window, 0 when it has expired. */
    async peek(key: string): Promise<number> {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count from rate_counter where key = ${key} and reset_at > now()`,
      );
      return rows[0] ? Number(rows[0].count) : 0;
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_counter where key = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
