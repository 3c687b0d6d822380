import type { Envelope } from '../schemas/envelope';
import { ApiError } from './api-error';

/**
 * How the API clients (the mobile app's and the console's) read an answer. DECISIONS.md: every answer is `{ code, type, msg, message, msgTitle?, data }` with the
 * HTTP status equal to `code`; 200 is success. Part 1 reads `code/message`, part 2
 * `type/msg`; the server sends both, and this reader accepts either.
 */
export type EnvelopeResult<T> = { ok: true; data: T } | { ok: false; error: ApiError } | { ok: false; error: null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a parsed body. `error: null` means the body is not an envelope at all (a proxy's
 * HTML error page, an empty answer): the caller treats that as a request exception.
 */
export function readEnvelope<T>(status: number, body: unknown): EnvelopeResult<T> {
  if (!isObject(body)) return { ok: false, error: null };
  const env = body as Partial<Envelope<T>>;
  const code = typeof env.code === 'number' ? env.code : typeof env.type === 'number' ? env.type : null;
  if (code === null) return { ok: false, error: null };
  if (code === 200 && status >= 200 && status < 300) return { ok: true, data: (env.data ?? null) as T };
  const msg = typeof env.msg === 'string' && env.msg ? env.msg : typeof env.message === 'string' ? env.message : '';
  return {
    ok: false,
    error: new ApiError({
      code: code === 200 ? status : code,
      msg,
      msgTitle: typeof env.msgTitle === 'string' && env.msgTitle ? env.msgTitle : undefined,
      data: env.data ?? null,
    }),
  };
}

/** The envelope's message and title (a success can carry both, e.g. the report submit's '报备成功'). */
export function readEnvelopeMessage(body: unknown): { msg: string; msgTitle: string | undefined } {
  if (!isObject(body)) return { msg: '', msgTitle: undefined };
  const msg = typeof body.msg === 'string' && body.msg ? body.msg : typeof body.message === 'string' ? body.message : '';
  return { msg, msgTitle: typeof body.msgTitle === 'string' && body.msgTitle ? body.msgTitle : undefined };
}

export type QueryValue = string | number | boolean | null | undefined;

/** The runtime's WHATWG URLSearchParams (browsers and Node have it); shared builds without DOM types. */
declare const URLSearchParams: new () => { append(name: string, value: string): void; toString(): string };

/** Same-origin URL with the defined query values, in the order given. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}
