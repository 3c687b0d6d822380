/**
 * Bulk writes (the imports, docs/decisions/083): rows in statements of ROWS_PER_STATEMENT, well
 * under PostgreSQL's 65,535 parameters for a listing's ~45 columns.
 */
export const ROWS_PER_STATEMENT = 500;

/** Runs `write` on consecutive slices of `rows`, one after another (one connection in a transaction). */
export async function inStatements<T>(rows: readonly T[], write: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) await write(rows.slice(at, at + ROWS_PER_STATEMENT));
}

/**
 * Inserts `rows` in statements and answers their ids in the given order, matched by a key unique
 * among them (`keyOf`, and the same key of each returned row), rather than trusting RETURNING's order.
 */
export async function insertReturningIds<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  insert: (part: T[]) => Promise<{ id: number; key: string }[]>,
): Promise<number[]> {
  const idOf = new Map<string, number>();
  await inStatements(rows, async (part) => {
    for (const r of await insert(part)) idOf.set(r.key, r.id);
  });
  return rows.map((row) => idOf.get(keyOf(row))!);
}
