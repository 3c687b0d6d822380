import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Db, Executor } from '../client';
import { writeAuditLog } from '../audit-log';
import { company, user } from '../schema';
import { ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { COMPANIES } from './companies';

/**
 * The demo accounts in a database (docs/decisions/058): an account whose phone is one of the
 * seed's and whose password hash still verifies the seed's password (123456). Production
 * refuses to serve while one exists (main.ts); `npm run demo:remove` disables them.
 */

/** Every phone the seed gives an account, in either company. */
export const DEMO_PHONES: readonly string[] = [...new Set(Object.values(ACCOUNTS).flatMap((accounts) => accounts.map((a) => a.phone)))];

/** The seed's company codes: no other path makes a company with them (the console's are `c-<hex>`). */
export const DEMO_COMPANY_CODES: readonly string[] = COMPANIES.map((c) => c.code);

export interface DemoAccount {
  id: number;
  companyId: number;
  companyTitle: string;
  companyCode: string;
  phone: string;
  name: string;
  role: string;
  active: boolean;
  passwordHash: string;
}

/**
 * The accounts that still sign in (or would, once enabled) with the demo password. Only the
 * seed's phones that exist are read, and each distinct hash is verified once: the seed hashes the
 * password once for all its accounts, so a seeded database costs one argon2 verify.
 */
export async function findDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .select({
      id: user.id,
      companyId: user.companyId,
      companyTitle: company.title,
      companyCode: company.code,
      phone: user.phone,
      name: user.name,
      role: user.role,
      active: user.active,
      passwordHash: user.passwordHash,
    })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(inArray(user.phone, [...DEMO_PHONES]))
    .orderBy(user.companyId, user.phone);
  const verified = new Map<string, boolean>();
  for (const hash of new Set(rows.map((r) => r.passwordHash))) verified.set(hash, await verifyPassword(hash, DEMO_PASSWORD));
  return rows.filter((r) => verified.get(r.passwordHash));
}

/** The command that removes them, as the refusal and the docs name it. */
export const DEMO_REMOVE_COMMAND = 'npm run demo:remove';

/** Why production does not start, and what to run: counts per company, no phone numbers (logs carry none). */
export function demoAccountsRefusal(found: readonly DemoAccount[]): string {
  const perCompany = new Map<number, { title: string; code: string; count: number }>();
  for (const a of found) {
    const entry = perCompany.get(a.companyId) ?? { title: a.companyTitle, code: a.companyCode, count: 0 };
    entry.count++;
    perCompany.set(a.companyId, entry);
  }
  const where = [...perCompany.entries()].map(([id, c]) => `${c.title} (id ${id}, code ${c.code}): ${c.count}`).join('; ');
  return (
    `Refusing to start in production: ${found.length} demo account(s) still sign in with the demo password ${DEMO_PASSWORD} (${where}). ` +
    `Run \`${DEMO_REMOVE_COMMAND}\` with this server's NODE_ENV and DATABASE_URL (or DATA_DIR): it disables those accounts, ` +
    'replaces their password and ends their sessions. Then start again.'
  );
}

/** Thrown by main.ts's start check; main prints the message alone and exits 1. */
export class DemoAccountsPresent extends Error {}

export interface DisabledDemoAccounts {
  accounts: DemoAccount[];
  sessionsEnded: number;
}

/**
 * What disabling takes from the tables' owners (db/ imports no module: the command hands them in,
 * commands/remove-demo.ts): the user module's retire and the auth module's session ending.
 */
export interface DemoAccountWriters {
  retire(tx: Executor, companyId: number, userId: number, change: { passwordHash: string; ifPasswordHash: string }): Promise<boolean>;
  endSessions(tx: Executor, companyId: number, whose: { userIds: number[] }): Promise<number>;
}

/**
 * Disables every demo account in one transaction: inactive, the password replaced by the hash
 * of a random one nobody knows (so enabling it again in the console does not bring 123456 back:
 * the console's reset-password must give it one), must-change set, every open session ended, and
 * an audit row each (`account.demo-disable`, no actor). An account whose hash changed since it
 * was verified is left alone. Idempotent: a second run finds none.
 */
export async function disableDemoAccounts(db: Db, writers: DemoAccountWriters): Promise<DisabledDemoAccounts> {
  const found = await findDemoAccounts(db);
  if (found.length === 0) return { accounts: [], sessionsEnded: 0 };
  const replacement = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const accounts: DemoAccount[] = [];
    let sessionsEnded = 0;
    for (const account of found) {
      const retired = await writers.retire(tx, account.companyId, account.id, { passwordHash: replacement, ifPasswordHash: account.passwordHash });
      if (!retired) continue;
      const ended = await writers.endSessions(tx, account.companyId, { userIds: [account.id] });
      sessionsEnded += ended;
      await writeAuditLog(tx, {
        companyId: account.companyId,
        actorId: null,
        action: 'account.demo-disable',
        entity: 'user',
        entityId: account.id,
        detail: { changes: { active: { old: account.active, new: false } }, passwordReplaced: true, sessionsEnded: ended },
      });
      accounts.push(account);
    }
    return { accounts, sessionsEnded };
  });
}
