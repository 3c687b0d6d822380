import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKeeper, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys (docs/decisions/062)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are made on an origin that is no secure context: crypto has getRandomValues and no randomUUID', () => {
    // As a browser gives it on http://<LAN address>: getRandomValues only.
    type Crypto = { getRandomValues<T extends Uint8Array>(array: T): T; randomUUID?: unknown };
    const scope = globalThis as unknown as { crypto: Crypto };
    const real = scope.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(array: T) => real.getRandomValues(array) });
    expect(scope.crypto.randomUUID).toBeUndefined();
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    const keyFor = createIdempotencyKeeper();
    expect(keyFor({ phone: '1' })).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ phone: '1' })).toBe(keyFor({ phone: '1' }));
  });

  it('match the server’s pattern with the callers’ prefixes', () => {
    expect(`register-${newIdempotencyKey()}`).toMatch(/^[\w-]{8,128}$/);
  });
});
