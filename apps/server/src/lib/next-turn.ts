import { setImmediate as afterIo } from 'node:timers/promises';

/**
 * Waits until the event loop has taken its pending I/O: a job's loop calls it between batches.
 * PGlite runs each statement in this thread and answers it without a turn of the event loop, so a
 * job that ran batch after batch held every request (and every timer) until its budget was spent:
 * a tally fold over a day's backlog kept the journeys' server silent for over 20 s. On PostgreSQL
 * it costs one turn.
 */
export function nextTurn(): Promise<void> {
  return afterIo();
}
