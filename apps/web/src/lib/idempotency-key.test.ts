import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are 32 hex characters, the server’s pattern, and differ', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('one key per payload: the same payload again reuses it, a changed one gets a new key', () => {
    let n = 0;
    const keyFor = createIdempotencyKeeper(() => `key-${(n += 1)}`);
    expect(keyFor({ phone: '1' })).toBe('key-1');
    expect(keyFor({ phone: '1' })).toBe('key-1');
    expect(keyFor({ phone: '2' })).toBe('key-2');
    expect(keyFor({ phone: '1' })).toBe('key-3');
  });
});
