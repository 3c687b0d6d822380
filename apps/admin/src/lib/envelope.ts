import { ApiError } from './api-error';

/**
 * DECISIONS.md: every answer is `{ code, type, msg, message, msgTitle?, data }` with the HTTP
 * status equal to `code`; 200 is success. `error: null`: the body is not an envelope at all (a
 * proxy's HTML error page, an empty answer), which the client reports as a request exception.
 */
export type EnvelopeResult<T> = { ok: true; data: T } | { ok: false; error: ApiError | null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readEnvelope<T>(status: number, body: unknown): EnvelopeResult<T> {
  if (!isObject(body)) return { ok: false, error: null };
  const code = typeof body.code === 'number' ? body.code : typeof body.type === 'number' ? body.type : null;
  if (code === null) return { ok: false, error: null };
  if (code === 200 && status >= 200 && status < 300) return { ok: true, data: (body.data ?? null) as T };
  const msg = typeof body.msg === 'string' && body.msg ? body.msg : typeof body.message === 'string' ? body.message : '';
  return { ok: false, error: new ApiError({ code: code === 200 ? status : code, msg, data: body.data ?? null }) };
}

export type QueryValue = string | number | boolean | null | undefined;

/** Same-origin URL with the defined query values, in the order given. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
