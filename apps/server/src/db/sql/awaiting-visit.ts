import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AWAITING_VISIT_STATUSES } from '@baobei/shared/rules/awaiting-visit';

/**
 * "Waiting for the customer's visit" (the shared AWAITING_VISIT_STATUSES, docs/decisions/089) in
 * SQL, its statuses written as literals: the predicate of the 待到访 and 到访提醒 partial indexes,
 * which a query proves only from the same constants (never from bound parameters).
 */
export function awaitingVisitSql(status: AnyPgColumn | SQL): SQL {
  return sql`${status} in (${sql.raw(AWAITING_VISIT_STATUSES.map((s) => `'${s}'`).join(', '))})`;
}
