import type { BatchResult } from '@baobei/shared/schemas/admin-batch';
import { AppError, NotFoundError } from './errors';

/**
 * A console batch action (issue 30, item 3; docs/decisions/084), after its ids were found in the
 * caller's company: each id done on its own, one after another, by the one-row action (its own
 * transaction and audit row). A refusal of the rules (a 4xx) is that row's answer; anything else
 * stops the batch as a server error, the rows before it done.
 */
export async function eachRow(ids: readonly number[], act: (id: number) => Promise<unknown>): Promise<BatchResult> {
  const results: BatchResult['results'] = [];
  for (const id of ids) {
    try {
      await act(id);
      results.push({ id, ok: true, message: '' });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push({ id, ok: false, message: error.msg });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** 404 with `message` unless every id was found in the caller's company (`found`): nothing is done. */
export function requireAll(ids: readonly number[], found: readonly number[], message: string): void {
  const known = new Set(found);
  if (ids.some((id) => !known.has(id))) throw new NotFoundError(message);
}
