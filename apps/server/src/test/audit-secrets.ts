import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** Passwords the tests sign in or change to; none may appear in an audit row. */
const KNOWN_PASSWORDS = ['123456', 'Newpass88', 'Audit8899', 'Audit7788'];

/** Every `path: value` of a detail whose key names a password, hash, token or secret and holds more than a flag. */
function secretsIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => {
      const here = `${path}.${k}`;
      const flag = typeof v === 'boolean' || v === null || (typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'boolean' || x === null));
      const named = /pass(word|wd)?|pwd|hash|token|secret|salt/i.test(k) && !flag;
      return named ? [here] : secretsIn(v, here);
    });
  }
  if (typeof value === 'string' && (/^\$(argon2|2[aby]\$|scrypt)/.test(value) || KNOWN_PASSWORDS.includes(value))) return [path];
  return [];
}

/**
 * docs/decisions/050: no audit row may hold a password, its hash or a token. Reads every row's
 * detail: a key that names a password, hash, token or secret may hold only a flag (such as
 * `mustChangePassword: { old: false, new: true }`); no value may look like a password hash, be a
 * stored hash of any account, or be a password the tests use. `expectNoSecretsInAudit` asserts
 * none and returns how many rows it read.
 */
export async function auditSecretLeaks(db: Db): Promise<{ read: number; leaks: string[] }> {
  const rows = await queryRows<{ id: number; action: string; detail: string }>(db, sql`select id, action, detail::text as detail from audit_log order by id`);
  const hashes = (await queryRows<{ h: string }>(db, sql`select password_hash as h from "user"`)).map((r) => r.h).filter(Boolean);
  const leaks = rows.flatMap((r) => {
    const found = secretsIn(JSON.parse(r.detail));
    if (hashes.some((h) => r.detail.includes(h))) found.push('(a stored password hash)');
    return found.map((where) => `${r.id} ${r.action} ${where}: ${r.detail.slice(0, 160)}`);
  });
  return { read: rows.length, leaks };
}

export async function expectNoSecretsInAudit(db: Db): Promise<number> {
  const { read, leaks } = await auditSecretLeaks(db);
  expect(leaks).toEqual([]);
  return read;
}
