/// <reference lib="dom" />

/** The request did not get an answer: the network failed or the deadline passed. */
export class RequestFailed extends Error {
  constructor() {
    super('request failed');
    this.name = 'RequestFailed';
  }
}

/**
 * One call of the app's and the console's API clients: sent with a deadline (aborted after
 * `timeoutMs`) and the caller's signal. Answers the HTTP status and the parsed body (null when
 * empty or not JSON). A network failure or the deadline throws RequestFailed; the caller's own
 * abort throws its AbortError, so a cancelled query is not reported as a failure.
 */
export async function fetchJson(
  url: string,
  init: Omit<RequestInit, 'signal'>,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ status: number; body: unknown }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch (error) {
    if (signal?.aborted && !timedOut) throw error;
    throw new RequestFailed();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
