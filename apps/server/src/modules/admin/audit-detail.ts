import { isSecretKey, looksLikeHash } from '@baobei/shared/rules/audit-log';

/** A field's change as the viewer answers it: values as JSON text (decision 039's listing history does the same). */
export interface AuditChange {
  field: string;
  old: string;
  new: string;
}

/** Kept by every console write for the row itself, not a change: who acted in which company, the object's version. */
const META = new Set(['actorCompanyId', 'actorRole', 'version', 'changes']);
/** What a secret's value becomes (the field stays, so the operator sees that it changed). */
export const HIDDEN = '"******"';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value with every secret inside it (by key or by its looks) replaced. */
function scrub(value: unknown, key = ''): unknown {
  if (key && isSecretKey(key, value)) return '******';
  if (looksLikeHash(value)) return '******';
  if (Array.isArray(value)) return value.map((v) => scrub(v));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
  return value;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * An audit row's detail as field / 原值 / 新值 rows. The writers do not share one shape (docs/decisions/050):
 * the console's `changes: { field: { old, new } }` (listings, home content, brand, feedback), a
 * status move `{ from, to }` (reports), `values` of a creation (company.create), `{ from, to }`
 * pairs under a key (user.profile's phone), and plain facts (registration, staff, uploads), which
 * read as new values. Nothing secret leaves: a password, hash or token is shown as ******.
 */
export function auditChanges(detail: Record<string, unknown>): { version: number | null; changes: AuditChange[] } {
  const version = typeof detail.version === 'number' ? detail.version : null;
  const out: AuditChange[] = [];
  const push = (field: string, old: unknown, value: unknown) => {
    if (isSecretKey(field, value) || isSecretKey(field, old)) out.push({ field, old: old === undefined || old === null ? json(null) : HIDDEN, new: HIDDEN });
    else out.push({ field, old: json(scrub(old)), new: json(scrub(value)) });
  };
  if (isObject(detail.changes)) {
    for (const [field, change] of Object.entries(detail.changes)) {
      if (isObject(change) && ('old' in change || 'new' in change)) push(field, change.old, change.new);
      else push(field, null, change);
    }
  }
  const rest = Object.entries(detail).filter(([k]) => !META.has(k));
  const hasMove = 'from' in detail && 'to' in detail && !isObject(detail.from) && !isObject(detail.to);
  if (hasMove) push('status', detail.from, detail.to);
  for (const [key, value] of rest) {
    if (hasMove && (key === 'from' || key === 'to')) continue;
    if (key === 'values' && isObject(value)) {
      for (const [field, v] of Object.entries(value)) push(field, null, v);
    } else if (isObject(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2) {
      push(key, value.from, value.to);
    } else {
      push(key, null, value);
    }
  }
  return { version, changes: out };
}
