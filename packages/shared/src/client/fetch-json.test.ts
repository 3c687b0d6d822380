/// <reference lib="dom" />
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, RequestFailed } from './fetch-json';

/** fetch as the browser's: it answers, fails, or waits until its signal aborts it. */
const answers = (body: string | null, status: number) => async () => new Response(body, { status });
const waitsForAbort = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

afterEach(() => vi.unstubAllGlobals());

describe('fetchJson', () => {
  it('answers the status and the parsed body; a body that is not JSON, or none, is null', async () => {
    vi.stubGlobal('fetch', answers('{"code":200,"data":1}', 200));
    expect(await fetchJson('/api/x', {}, { timeoutMs: 5_000 })).toEqual({ status: 200, body: { code: 200, data: 1 } });
    vi.stubGlobal('fetch', answers('<html>bad gateway</html>', 502));
    expect(await fetchJson('/api/x', {}, { timeoutMs: 5_000 })).toEqual({ status: 502, body: null });
    vi.stubGlobal('fetch', answers(null, 204));
    expect(await fetchJson('/api/x', {}, { timeoutMs: 5_000 })).toEqual({ status: 204, body: null });
  });

  it('throws RequestFailed past the deadline and when the network fails', async () => {
    vi.stubGlobal('fetch', waitsForAbort);
    await expect(fetchJson('/api/x', {}, { timeoutMs: 50 })).rejects.toBeInstanceOf(RequestFailed);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchJson('/api/x', {}, { timeoutMs: 5_000 })).rejects.toBeInstanceOf(RequestFailed);
  });

  it("rethrows the caller's own abort, not a failure", async () => {
    vi.stubGlobal('fetch', waitsForAbort);
    const caller = new AbortController();
    const pending = fetchJson('/api/x', {}, { timeoutMs: 5_000, signal: caller.signal });
    caller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RequestFailed);
    expect((error as Error).name).toBe('AbortError');
  });
});
