/**
 * The one error type of the API clients (the mobile app's and the console's). `code` is the envelope's code (the HTTP status),
 * or 0 when no answer arrived. `handled` says the client has already told the user (the
 * generic request-exception dialog, the login-expired dialog), so callers stay quiet.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly msgTitle: string | undefined;
  readonly data: unknown;
  readonly handled: boolean;

  constructor(init: { code: number; msg: string; msgTitle?: string; data?: unknown; handled?: boolean }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.msgTitle = init.msgTitle;
    this.data = init.data ?? null;
    this.handled = init.handled ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message a caller shows for a failed call: the server's, else its own default. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}
