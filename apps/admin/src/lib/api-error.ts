/**
 * The one error type of the console's API client (as the mobile app's, docs/decisions/040).
 * `code` is the envelope's code (the HTTP status), or 0 when no answer arrived.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(init: { code: number; msg: string; data?: unknown }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What a page shows for a failed call: the server's message, else its own default. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}
