import { adminAuditLogMessages as text_ } from '../messages/admin';

/**
 * The audit log viewer's words (issue 16, item 6; docs/decisions/050): an action or entity by
 * its Chinese name, or as written when the table has none yet (a call added later still shows).
 */
export function auditActionLabel(action: string): string {
  return text_.actions[action] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return text_.entities[entity] ?? entity;
}

/** The actions with a name, for the viewer's filter (in the table's order). */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(text_.actions);
export const AUDIT_ENTITIES: readonly string[] = Object.keys(text_.entities);

/**
 * A detail key whose value must never leave the server: a password (or its hash), a token, a
 * secret. No audit write stores one today (tested); this keeps a future one out of the viewer.
 * A flag such as `mustChangePassword: true` says nothing secret and stays.
 */
export function isSecretKey(key: string, value: unknown): boolean {
  if (/hash|secret|token|salt|credential/i.test(key)) return true;
  return /pass(word|wd)?$|^pass|password/i.test(key) && typeof value !== 'boolean';
}

/** A text value that looks like a stored password hash (argon2, bcrypt, scrypt), wherever it sits. */
export function looksLikeHash(value: unknown): boolean {
  return typeof value === 'string' && /^\$(argon2(id|i|d)|2[aby]|scrypt)\$/.test(value);
}
