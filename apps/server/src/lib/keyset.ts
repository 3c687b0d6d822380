import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging in SQL (docs/decisions/016; the cursor itself is @baobei/shared/schemas/cursor).
 * A list's order is a few sort keys ending with a unique id; its cursor holds the last row's
 * values of them, and the next page is the rows after that row in the same order. When the keys
 * share one direction and none is nullable the condition is a row comparison,
 * `(created_at, id) < ($1, $2)`, which a B-tree on (…, created_at, id) answers as a seek.
 */
export interface SortKey {
  expr: AnyPgColumn | SQL;
  dir: 'asc' | 'desc';
  /** Nulls sort last in either direction. */
  nullable?: boolean;
  /** A timestamptz: its cursor value is the `cursorTime` text, cast back here. */
  time?: boolean;
}

/** A timestamptz as the cursor keeps it: UTC with microseconds ('2026-01-02T03:04:05.123456Z'), exact unlike a JS Date. */
export function cursorTime(expr: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The nullable variant of `cursorTime`: null stays null. */
export function cursorTimeOrNull(expr: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** ORDER BY of the keys (nulls last where a key is nullable). */
export function keysetOrder(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) =>
    k.dir === 'asc' ? sql`${k.expr} asc${k.nullable ? sql` nulls last` : sql``}` : sql`${k.expr} desc${k.nullable ? sql` nulls last` : sql``}`,
  );
}

const valueOf = (key: SortKey, value: string | number): SQL => (key.time ? sql`${value}::timestamptz` : sql`${value}`);

/** The rows after the row whose key values are `values`, in the keys' order. */
export function keysetAfter(keys: readonly SortKey[], values: readonly (string | number | null)[]): SQL {
  if (values.length !== keys.length) throw new Error('keyset: one value per key');
  const plain = keys.every((k) => !k.nullable && k.dir === keys[0]!.dir) && values.every((v) => v !== null);
  if (plain) {
    const op = keys[0]!.dir === 'desc' ? sql`<` : sql`>`;
    return sql`(${sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    )}) ${op} (${sql.join(
      keys.map((k, i) => valueOf(k, values[i]!)),
      sql`, `,
    )})`;
  }
  // Lexicographic: equal on the keys before i and past the value on key i; nulls are last.
  const arms: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const equalBefore = keys.slice(0, i).map((k, j) => (values[j] === null ? sql`${k.expr} is null` : sql`${k.expr} = ${valueOf(k, values[j]!)}`));
    const key = keys[i]!;
    const value = values[i]!;
    // Nothing sorts after null but other nulls, which the next key orders.
    if (value === null) continue;
    const beyond = key.dir === 'desc' ? sql`${key.expr} < ${valueOf(key, value)}` : sql`${key.expr} > ${valueOf(key, value)}`;
    arms.push(and(...equalBefore, key.nullable ? or(beyond, sql`${key.expr} is null`) : beyond)!);
  }
  return arms.length ? or(...arms)! : sql`false`;
}
