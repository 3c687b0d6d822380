import type { CallInput, DataOf, Endpoint } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { mustChangeReasonOf } from '@baobei/shared/rules/must-change';
import { ApiError } from './api-error';
import { buildUrl, readEnvelope, type QueryValue } from '@baobei/shared/client/envelope';
import { fetchJson, RequestFailed } from '@baobei/shared/client/fetch-json';
import { navigateTo, PATHS } from './navigation';
import { clearToken, currentCompanyId, readToken } from './session';

/**
 * The console's one API client (STYLE.md; docs/decisions/040): the mobile app's shape, its own
 * code (apps never import each other). Method and path come from the contract
 * (@baobei/shared/contract), so a changed request or answer is a compile error here too. It reads
 * the envelope, throws one ApiError, and handles 401 (back to sign-in) and the must-change
 * refusal (decision 017: to the change-password page) in one place.
 */

/** Part 1, section 9: network timeout 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

export interface CallOptions {
  signal?: AbortSignal;
  /** Sign-in and the public calls send no token. */
  withToken?: boolean;
  /** Extra request headers, e.g. the Idempotency-Key of a create (docs/decisions/032). */
  headers?: Record<string, string>;
}

type CallArgs<E extends Endpoint> =
  object extends CallInput<E, FormData>
    ? [input?: CallInput<E, FormData>, options?: CallOptions]
    : [input: CallInput<E, FormData>, options?: CallOptions];

export async function call<E extends Endpoint>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<DataOf<E>> {
  const { body, query, form } = (input ?? {}) as { body?: unknown; query?: Record<string, QueryValue>; form?: FormData };
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const companyId = currentCompanyId();
  if (companyId !== null) headers.companyId = String(companyId);
  const token = options.withToken === false ? null : readToken();
  if (token) headers.Authorization = token;

  let payload: BodyInit | undefined;
  if (form) payload = form;
  else if (endpoint.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }

  let answer: { status: number; body: unknown };
  try {
    answer = await fetchJson(
      buildUrl(endpoint.path, query),
      { method: endpoint.method, headers, body: payload, credentials: 'same-origin' },
      { timeoutMs: REQUEST_TIMEOUT_MS, signal: options.signal },
    );
  } catch (error) {
    if (error instanceof RequestFailed) throw new ApiError({ code: 0, msg: messages.common.requestException });
    throw error;
  }

  const result = readEnvelope<DataOf<E>>(answer.status, answer.body);
  if (result.ok) return result.data;
  if (!result.error) throw new ApiError({ code: answer.status, msg: messages.common.requestException });
  if (result.error.code === 401 && token) {
    // The session ended (expired, signed out elsewhere, another company's token): sign in again.
    clearToken();
    navigateTo(PATHS.login);
  } else if (result.error.code === 403 && mustChangeReasonOf(result.error.data)) {
    navigateTo(PATHS.changePassword);
  }
  throw result.error;
}
