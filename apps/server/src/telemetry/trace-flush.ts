/**
 * How the server, on its way out, sends the spans dist/tracing.js still holds (docs/decisions/099).
 * The preload and the server are two bundles, so they meet through one global name.
 */
const FLUSH = Symbol.for('baobei.tracing.flush');

type Flush = () => Promise<void>;

/** Called by dist/tracing.js once it traces. */
export function setTraceFlush(flush: Flush): void {
  (globalThis as { [FLUSH]?: Flush })[FLUSH] = flush;
}

/** Sends what is batched (at most `timeoutMs`); nothing when the server is not traced. */
export async function flushTraces(timeoutMs = 2_000): Promise<void> {
  const flush = (globalThis as { [FLUSH]?: Flush })[FLUSH];
  if (!flush) return;
  await Promise.race([flush().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
