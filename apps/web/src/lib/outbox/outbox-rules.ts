/**
 * The outbox's rules (docs/decisions/094), pure so they are tested alone: which failures keep an
 * item for another try, and when that try is.
 */

/** What a failed send means for its item. */
export type SendFailure = 'network' | 'later' | 'refused' | 'signedOut';

/** The failure as the API client reports it: its code (0 for no answer at all) and message. */
export interface FailureLike {
  code: number;
  msg: string;
}

/**
 * No answer (code 0) is the network; 401 waits for the user to sign in again (the item is
 * theirs); a 5xx, a 429 or a key still being handled (`requestInProgress`) is the server's
 * trouble for now; any other 4xx is the server refusing the data, which a new try would not
 * change: the item keeps the data and the message for editing.
 */
export function classifySendFailure(failure: FailureLike, requestInProgressMessage: string): SendFailure {
  if (failure.code === 0) return 'network';
  if (failure.code === 401) return 'signedOut';
  if (failure.code >= 500 || failure.code === 429) return 'later';
  if (failure.code === 409 && failure.msg === requestInProgressMessage) return 'later';
  return 'refused';
}

/** The first retry after 5 s, doubling to at most 5 minutes. */
export const FIRST_RETRY_MS = 5_000;
export const LONGEST_RETRY_MS = 300_000;

/** The wait before the next try, after `attempts` failed ones (1 or more). */
export function retryDelay(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 16));
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, LONGEST_RETRY_MS);
}
