/**
 * `Idempotency-Key`s for creating calls (ARCHITECTURE.md, API). The server replays the first
 * answer of a key, refusals included, so a key belongs to one payload: sending the same
 * payload again (a retry after no answer) reuses it, anything else gets a new one.
 * getRandomValues, not randomUUID: the app is also served over plain http on a LAN, where
 * randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
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
