import type { CallInput, DataOf, Endpoint } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { Dialog } from '../components/lazy-overlays';
import { ApiError } from './api-error';
import { currentCompanyId } from './company-store';
import { buildUrl, readEnvelope, readEnvelopeMessage, type QueryValue } from '@baobei/shared/client/envelope';
import { fetchJson, RequestFailed } from '@baobei/shared/client/fetch-json';
import { currentPath, navigateTo } from './navigation';
import { loginPath } from './return-path';
import { followMustChange } from './must-change';
import { matchAppRoute } from './route-match';
import { resetSession, updateUserInfo, useSessionStore } from './session/session-store';
import { isStaleUnauthorized } from './session/stale-unauthorized';

/** Part 1, section 9: network timeout 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** From TanStack Query: the caller gave up (page left); no dialog. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Part 1, section 7: the login request carries only companyId. */
  withToken?: boolean;
  /** Start-up calls show their own full-screen state or toast instead of the request-exception dialog. */
  quiet?: boolean;
  /** A 401 still resets the session, but the caller explains it instead of the login-expired dialog. */
  silentUnauthorized?: boolean;
  /** The logout: while it is under way, a 401 to another call made with the same token is the logout's doing. */
  revokesToken?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let requestExceptionOpen = false;
let loginExpiredOpen = false;
/** The tokens this client is revoking itself (a logout under way, or done). */
const revokingTokens = new Set<string>();

/** Part 1, section 8: "a network or request exception shows a dialog with a title and 'request exception, please retry later'". */
function showRequestException(): void {
  if (requestExceptionOpen) return;
  requestExceptionOpen = true;
  void Dialog.alert({
    title: messages.common.requestExceptionTitle,
    content: messages.common.requestException,
    confirmText: messages.common.confirm,
  }).finally(() => {
    requestExceptionOpen = false;
  });
}

/**
 * The one place that handles 401 (part 1, sections 6 and 8): the session resets; on pages
 * flagged `silentExpiry` (house detail, share detail, external list, authorization) that is
 * all; elsewhere the login-expired dialog, once, then the login page with a way back.
 */
function handleUnauthorized(silent: boolean): void {
  const returnTo = currentPath();
  void resetSession();
  const route = matchAppRoute(window.location.pathname);
  if (silent || route?.silentExpiry || route?.name === 'login' || loginExpiredOpen) return;
  loginExpiredOpen = true;
  void Dialog.alert({
    title: messages.common.loginExpiredTitle,
    content: messages.common.loginExpired,
    confirmText: messages.common.confirm,
  }).then(() => {
    loginExpiredOpen = false;
    if (window.location.pathname !== '/login') navigateTo(loginPath(returnTo));
  });
}

function requestException(code: number, options: RequestOptions): ApiError {
  if (!options.quiet) showRequestException();
  return new ApiError({ code, msg: messages.common.requestException, handled: !options.quiet });
}

/** A success with the envelope's message and title, for calls whose answer is shown as is. */
export interface ApiAnswer<T> {
  data: T;
  msg: string;
  msgTitle: string | undefined;
}

/** Pages never parse envelopes: this answers `data` or throws one ApiError (reached through `call`). */
async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestAnswer<T>(method, path, options)).data;
}

/** Like `request`, keeping the success message and title of the envelope. */
async function requestAnswer<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const companyId = currentCompanyId();
  if (companyId !== null) headers.companyId = String(companyId);
  const token = useSessionStore.getState().token;
  const sendsToken = Boolean(token) && options.withToken !== false;
  if (token && sendsToken) headers.Authorization = token;
  // Kept after a successful logout: the session resets right after, and a late 401 stays stale.
  if (options.revokesToken && token) revokingTokens.add(token);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }

  let answer: { status: number; body: unknown };
  try {
    answer = await fetchJson(buildUrl(path, options.query), { method, headers, body, credentials: 'same-origin' }, { timeoutMs: REQUEST_TIMEOUT_MS, signal: options.signal });
  } catch (error) {
    if (options.revokesToken && token) revokingTokens.delete(token);
    if (error instanceof RequestFailed) throw requestException(0, options);
    throw error;
  }

  const result = readEnvelope<T>(answer.status, answer.body);
  if (result.ok) return { data: result.data, ...readEnvelopeMessage(answer.body) };
  // The logout was refused: the token is the session's again.
  if (options.revokesToken && token) revokingTokens.delete(token);
  if (!result.error) throw requestException(answer.status, options);
  if (result.error.code === 401 && sendsToken && !options.revokesToken && isStaleUnauthorized(token, useSessionStore.getState().token, revokingTokens)) {
    // About an earlier session, not this one: nothing to reset, nothing to say.
    throw new ApiError({ code: 401, msg: result.error.msg || messages.common.loginExpired, data: result.error.data, handled: true });
  }
  if (result.error.code === 401) {
    // Without a token nothing expired: no login-expired dialog, the caller or the guard decides.
    const silent = options.silentUnauthorized === true || !sendsToken;
    handleUnauthorized(silent);
    throw new ApiError({
      code: 401,
      msg: result.error.msg || messages.common.loginExpired,
      data: result.error.data,
      handled: !silent,
    });
  }
  // Decision 017: an account that must change its initial password goes to /change/password.
  const mustChange = followMustChange(result.error, {
    pathname: window.location.pathname,
    updateUserInfo,
    navigate: navigateTo,
  });
  if (mustChange) {
    const { code, msg, msgTitle, data } = result.error;
    throw new ApiError({ code, msg, msgTitle, data, handled: true });
  }
  throw result.error;
}

/** Options of a contract call: everything but what the contract's input already says. */
export type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/** The input may be left out when the endpoint takes none (or only optional fields). */
type CallArgs<E extends Endpoint> =
  object extends CallInput<E, FormData>
    ? [input?: CallInput<E, FormData>, options?: CallOptions]
    : [input: CallInput<E, FormData>, options?: CallOptions];

function contractRequest(input: unknown, options: CallOptions | undefined): RequestOptions {
  const { body, query, form } = (input ?? {}) as { body?: unknown; query?: Record<string, QueryValue>; form?: FormData };
  return { ...options, ...(form ? { body: form } : body !== undefined ? { body } : {}), ...(query ? { query } : {}) };
}

/**
 * Calls one endpoint of the API contract (@baobei/shared/contract, docs/decisions/027): the
 * method and path come from the contract, the input and the answer's `data` are typed by it.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<DataOf<E>> {
  return request<DataOf<E>>(endpoint.method, endpoint.path, contractRequest(input, options));
}

/** Like `call`, keeping the success message and title the caller shows as sent. */
export function callAnswer<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<ApiAnswer<DataOf<E>>> {
  return requestAnswer<DataOf<E>>(endpoint.method, endpoint.path, contractRequest(input, options));
}
