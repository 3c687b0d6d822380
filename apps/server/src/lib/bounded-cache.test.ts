import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

describe('createBoundedCache', () => {
  it('loads once per key within the age limit, again after it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createBoundedCache<string, number>({ maxEntries: 10, ttlMs: 100, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    clock = 100;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('never holds more than maxEntries, dropping the oldest load first', async () => {
    let loads = 0;
    const cache = createBoundedCache<string, number>({ maxEntries: 3, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, async () => ++loads);
    expect(cache.size).toBe(3);
    // 'e' is still cached, 'a' was dropped and loads again.
    expect(await cache.get('e', async () => -1)).toBe(5);
    expect(await cache.get('a', async () => -1)).toBe(-1);
    for (let i = 0; i < 10_000; i++) await cache.get(`made-up-${i}`, async () => i);
    expect(cache.size).toBe(3);
  });
});
