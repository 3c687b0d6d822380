/**
 * A unique-constraint violation (SQLSTATE 23505), from either driver. Drizzle wraps the
 * driver's error in its own, with the original as `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The name of the unique index or constraint a violation names, from either driver; undefined otherwise. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : undefined;
  }
  return undefined;
}
