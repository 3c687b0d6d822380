import type { AdminAuditLogChange } from '@baobei/shared/schemas/admin-audit-log';
import {
  AUDIT_INTERNAL_FIELDS,
  auditLabel,
  auditMoveField,
  auditValueText,
  collectAuditIds,
  isSecretKey,
  looksLikeHash,
  type AuditTextContext,
} from '@baobei/shared/rules/audit-log';

/** A field's change as stored: the values as the detail holds them (secrets replaced), old null for a plain fact. */
export interface AuditField {
  field: string;
  old: unknown;
  new: unknown;
}

/** A field's change with its values as JSON text (decision 039's listing history does the same). */
export interface AuditChange {
  field: string;
  old: string;
  new: string;
}

/** Kept by every console write for the row itself, not a change: who acted in which company, the object's version. */
const META = new Set(['actorCompanyId', 'actorRole', 'version', 'changes']);
/** What a secret's value becomes (the field stays, so the operator sees that it changed). */
const SECRET = '******';
export const HIDDEN = JSON.stringify(SECRET);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A value with every secret inside it (by key or by its looks) replaced. */
function scrub(value: unknown, key = ''): unknown {
  if (key && isSecretKey(key, value)) return SECRET;
  if (looksLikeHash(value)) return SECRET;
  if (Array.isArray(value)) return value.map((v) => scrub(v));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
  return value;
}

/**
 * An audit row's detail as field / 原值 / 新值. The writers do not share one shape (docs/decisions/050):
 * the console's `changes: { field: { old, new } }` (listings, home content, brand, feedback), a
 * move `{ from, to }` (a report's status, or the field the action moves: `auditMoveField`), `values`
 * of a creation (company.create), `{ from, to }` pairs under a key (user.profile's phone), and plain
 * facts (registration, staff, uploads), which read as new values. Left out (docs/decisions/067): ids
 * of rows an operator never sees (a deal's, a payment's), a plain fact with no value, and a move the
 * row's `changes` already holds (the console's reopen wrote both until issue 28). Nothing secret
 * leaves: a password, hash or token is ******.
 */
export function auditFields(detail: Record<string, unknown>, action = ''): { version: number | null; fields: AuditField[] } {
  const version = typeof detail.version === 'number' ? detail.version : null;
  const out: AuditField[] = [];
  const push = (field: string, old: unknown, value: unknown) => {
    if (AUDIT_INTERNAL_FIELDS.has(field)) return;
    const nothing = old === undefined || old === null;
    if (isSecretKey(field, value) || isSecretKey(field, old)) out.push({ field, old: nothing ? null : SECRET, new: SECRET });
    else out.push({ field, old: nothing ? null : scrub(old), new: scrub(value ?? null) });
  };
  const changes = isObject(detail.changes) ? detail.changes : {};
  for (const [field, change] of Object.entries(changes)) {
    if (isObject(change) && ('old' in change || 'new' in change)) push(field, change.old, change.new);
    else push(field, null, change);
  }
  const moved = auditMoveField(action);
  const hasMove = 'from' in detail && 'to' in detail && !isObject(detail.from) && !isObject(detail.to);
  if (hasMove && !(moved in changes)) push(moved, detail.from, detail.to);
  for (const [key, value] of Object.entries(detail)) {
    if (META.has(key) || (hasMove && (key === 'from' || key === 'to'))) continue;
    if (key === 'values' && isObject(value)) {
      for (const [field, v] of Object.entries(value)) push(field, null, v);
    } else if (isObject(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2) {
      push(key, value.from, value.to);
    } else if (!isEmpty(value)) {
      push(key, null, value);
    }
  }
  return { version, fields: out };
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** The same with the values as JSON text. */
export function auditChanges(detail: Record<string, unknown>, action = ''): { version: number | null; changes: AuditChange[] } {
  const { version, fields } = auditFields(detail, action);
  return { version, changes: fields.map((f) => ({ field: f.field, old: json(f.old), new: json(f.new) })) };
}

/** The ids a row's fields name, by kind, added to `into` (the page's names are read in one query per kind). */
export function auditFieldIds(fields: readonly AuditField[], into: Map<string, Set<number>>): void {
  for (const f of fields) {
    collectAuditIds(f.field, f.old, into);
    collectAuditIds(f.field, f.new, into);
  }
}

/** The viewer's rows: each field by its Chinese name and its values as an operator reads them, besides the JSON. */
export function auditChangeRows(fields: readonly AuditField[], ctx: AuditTextContext): AdminAuditLogChange[] {
  return fields.map((f) => ({
    field: f.field,
    label: auditLabel(f.field, ctx),
    old: json(f.old),
    new: json(f.new),
    oldText: auditValueText(f.field, f.old, ctx),
    newText: auditValueText(f.field, f.new, ctx),
  }));
}

/**
 * Every key of a row's detail without a Chinese label and every code without a name, as the
 * viewer reads the row (the tests: every audited field has a label, docs/decisions/067).
 */
export function auditUnnamed(detail: Record<string, unknown>, entity: string, action: string): string[] {
  const missing = new Set<string>();
  const { fields } = auditFields(detail, action);
  auditChangeRows(fields, { entity, action, name: () => 'name', unnamed: (what) => missing.add(what) });
  return [...missing];
}
