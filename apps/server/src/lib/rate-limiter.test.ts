import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { createRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

/** The same behaviour from both stores: PostgreSQL (default) and Redis (REDIS_URL). */
function behavesAsAFixedWindow(make: () => RateLimiter) {
  it('counts hits within a window and reports its end', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const first = await limiter.hit(key, 60);
    const second = await limiter.hit(key, 60);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await limiter.peek(key)).toBe(2);
  });

  it('starts again after a reset and after the window ends', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    await limiter.hit(key, 60);
    await limiter.reset(key);
    expect(await limiter.peek(key)).toBe(0);
    await limiter.hit(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.peek(key)).toBe(0);
    expect((await limiter.hit(key, 1)).count).toBe(1);
  });

  it('peeks several keys at once, in their order, 0 for unknown and ended ones', async () => {
    const limiter = make();
    const [a, b, ended, unknown] = [1, 2, 3, 4].map(() => `test:${randomUUID()}`) as [string, string, string, string];
    await limiter.hit(a, 60);
    await limiter.hit(b, 60);
    await limiter.hit(b, 60);
    await limiter.hit(ended, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.peekMany([b, unknown, a, ended, b])).toEqual([2, 0, 1, 0, 2]);
    expect(await limiter.peekMany([])).toEqual([]);
  });
}

describe('rate limiter on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  behavesAsAFixedWindow(() => createRateLimiter(database.db));
});

// CI sets TEST_REDIS_URL (the machine runs Redis); elsewhere these run when Redis is given.
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('rate limiter on Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL as string);
  });
  afterAll(async () => {
    await redis.quit();
  });
  behavesAsAFixedWindow(() => createRedisRateLimiter(redis));
});
