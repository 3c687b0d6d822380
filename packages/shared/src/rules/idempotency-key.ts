/**
 * `Idempotency-Key`s for creating calls (ARCHITECTURE.md, API), the one helper of the app and
 * the console. The server replays the first answer of a key, refusals included, so a key
 * belongs to one payload: sending the same payload again (a retry after no answer) reuses it,
 * anything else gets a new one.
 *
 * getRandomValues, never randomUUID (docs/decisions/062): the app is also served over plain
 * http on a LAN address, which is no secure context, and there `crypto.randomUUID` does not
 * exist (the registration page failed to load); `crypto.getRandomValues` is there on every
 * origin. A lint rule keeps `crypto.randomUUID` out of apps/web and apps/admin.
 */
/** Web Crypto as both browsers and Node 20+ give it (this package is built without DOM or Node types). */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export function newIdempotencyKey(): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createIdempotencyKeeper(make: () => string = newIdempotencyKey): (payload: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (payload) => {
    const body = JSON.stringify(payload);
    if (last?.body !== body) last = { body, key: make() };
    return last.key;
  };
}
