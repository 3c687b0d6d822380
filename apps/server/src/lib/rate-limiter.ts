import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Executor } from '../db/client';

export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters in PostgreSQL (ARCHITECTURE.md, Runs: no state in memory that
 * matters), so every instance behind a load balancer sees the same counts.
 */
export interface RateLimiter {
  /** Counts one hit in the window of `key` and returns the count including it. */
  hit(key: string, windowSeconds: number): Promise<RateWindow>;
  /** The current count of a window, 0 when it has expired. */
  peek(key: string): Promise<number>;
  /** peek of several keys in one round trip, in the keys' order. */
  peekMany(keys: readonly string[]): Promise<number[]>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(db: Executor): RateLimiter {
  return {
    async hit(key, windowSeconds) {
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
    async peek(key) {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count from rate_counter where key = ${key} and reset_at > now()`,
      );
      return rows[0] ? Number(rows[0].count) : 0;
    },
    async peekMany(keys) {
      if (keys.length === 0) return [];
      const rows = await queryRows<{ key: string; count: number }>(
        db,
        sql`select key, count from rate_counter where key in ${[...keys]} and reset_at > now()`,
      );
      const counts = new Map(rows.map((r) => [r.key, Number(r.count)]));
      return keys.map((key) => counts.get(key) ?? 0);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_counter where key = ${key}`);
    },
  };
}

const REDIS_PREFIX = 'baobei:rate:';

/** The same counters in Redis (REDIS_URL): one round trip per hit, expiry kept by Redis. */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = REDIS_PREFIX + key;
      const results = await redis.multi().set(k, 0, 'EX', windowSeconds, 'NX').incr(k).pttl(k).exec();
      if (!results) throw new Error('rate limiter: redis transaction aborted');
      const count = Number(results[1]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async peek(key) {
      return Number((await redis.get(REDIS_PREFIX + key)) ?? 0);
    },
    async peekMany(keys) {
      if (keys.length === 0) return [];
      return (await redis.mget(keys.map((key) => REDIS_PREFIX + key))).map((v) => Number(v ?? 0));
    },
    async reset(key) {
      await redis.del(REDIS_PREFIX + key);
    },
  };
}
