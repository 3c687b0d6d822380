import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/password';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from '../client';
import { auditLog, company, session, user } from '../schema';
import { DEMO_PASSWORD } from './accounts';
import { DEMO_COMPANY_CODES, DEMO_PHONES, demoAccountsRefusal, disableDemoAccounts, findDemoAccounts } from './demo-accounts';
import { DemoSeedRefused, seedDemoIfEmpty } from './demo-seed-policy';
import { endSessions } from '../../modules/auth/auth-service';
import { userWriter } from '../../modules/user/user-module';

/**
 * docs/decisions/058 on a seeded test database (PGlite, or PostgreSQL with TEST_DB_KIND=postgres):
 * which accounts are demo accounts, their removal, and when the seed skips or refuses.
 */
let database: Database;
let localhostId: number;
const phones = { changed: '13900000021', general: '13800000001', auditor: '13900000006' };

async function idOf(companyId: number, phone: string): Promise<number> {
  const [row] = await database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  return row!.id;
}

async function openSession(userId: number, companyId: number): Promise<number> {
  const [row] = await database.db
    .insert(session)
    .values({ tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'), userId, companyId, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: session.id });
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db.select({ id: company.id }).from(company).where(eq(company.code, 'localhost'));
  localhostId = row!.id;
});

afterAll(async () => {
  await database?.close();
});

describe('demo accounts', () => {
  it('are the seed phones whose hash still verifies the demo password, in any company', async () => {
    const all = await findDemoAccounts(database.db);
    expect(all.map((a) => a.phone).sort()).toEqual([...DEMO_PHONES].sort());

    // A demo phone with its own password is a real account now; a non-demo phone with 123456 is not a demo account.
    const ownHash = await hashPassword('a-password-of-its-own');
    await database.db.update(user).set({ passwordHash: ownHash }).where(eq(user.phone, phones.changed));
    const [other] = await database.db.insert(company).values({ code: 'c-demo-test', title: '另一家公司', color: '#000000', gradientColor: '#000000', logo: '', subLogo: '', favicon: '' }).returning({ id: company.id });
    const demoHash = (await database.db.select({ h: user.passwordHash }).from(user).where(eq(user.phone, phones.general)).limit(1))[0]!.h;
    await database.db.insert(user).values([
      { companyId: other!.id, role: 'AUDITOR', name: '非演示', phone: '13700009999', passwordHash: demoHash },
      // The seed's phone with the seed's password in a company of the deployment's own: a demo account too.
      { companyId: other!.id, role: 'AUDITOR', name: '同号账号', phone: phones.auditor, passwordHash: demoHash },
    ]);

    const found = await findDemoAccounts(database.db);
    const keys = found.map((a) => `${a.companyId}:${a.phone}`);
    expect(found.some((a) => a.phone === phones.changed)).toBe(false);
    expect(found.some((a) => a.phone === '13700009999')).toBe(false);
    expect(keys).toContain(`${other!.id}:${phones.auditor}`);
    expect(found).toHaveLength(DEMO_PHONES.length - 1 + 1);

    const refusal = demoAccountsRefusal(found);
    expect(refusal).toMatch(/^Refusing to start in production: 32 demo account\(s\)/);
    expect(refusal).toContain('npm run demo:remove');
    expect(refusal).toContain(`海口新房报备 (id ${localhostId}, code localhost): 20`);
    expect(refusal).toContain('另一家公司');
    // No phone number reaches the log line.
    expect(refusal).not.toMatch(/1[3-9]\d{9}/);
  });

  it('are disabled in one go: inactive, password replaced, sessions ended, audited; a second run does nothing', async () => {
    const generalId = await idOf(localhostId, phones.general);
    const changedUser = (await database.db.select({ id: user.id, hash: user.passwordHash, active: user.active }).from(user).where(eq(user.phone, phones.changed)))[0]!;
    const open = [await openSession(generalId, localhostId), await openSession(generalId, localhostId)];
    const changedSession = await openSession(changedUser.id, (await database.db.select({ c: user.companyId }).from(user).where(eq(user.id, changedUser.id)))[0]!.c);
    const before = await findDemoAccounts(database.db);

    const done = await disableDemoAccounts(database.db, { retire: userWriter.retire, endSessions });
    expect(done.accounts.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    expect(done.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(await findDemoAccounts(database.db)).toEqual([]);

    const rows = await database.db.select().from(user).where(inArray(user.id, before.map((a) => a.id)));
    expect(rows.every((r) => !r.active && r.mustChangePassword)).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash, DEMO_PASSWORD)).toBe(false);
    const stillOpen = await database.db.select({ id: session.id }).from(session).where(and(inArray(session.id, open), isNull(session.revokedAt)));
    expect(stillOpen).toEqual([]);
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.demo-disable'), eq(auditLog.entityId, generalId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ companyId: localhostId, actorId: null, entity: 'user', detail: { changes: { active: { old: true, new: false } }, sessionsEnded: 2 } });

    // The account with a password of its own is untouched, its session too.
    const changedAfter = (await database.db.select({ hash: user.passwordHash, active: user.active }).from(user).where(eq(user.id, changedUser.id)))[0]!;
    expect(changedAfter).toEqual({ hash: changedUser.hash, active: changedUser.active });
    expect(await database.db.select({ id: session.id }).from(session).where(and(eq(session.id, changedSession), isNull(session.revokedAt)))).toHaveLength(1);

    const auditCount = await database.db.$count(auditLog, eq(auditLog.action, 'account.demo-disable'));
    expect(await disableDemoAccounts(database.db, { retire: userWriter.retire, endSessions })).toEqual({ accounts: [], sessionsEnded: 0 });
    expect(await database.db.$count(auditLog, eq(auditLog.action, 'account.demo-disable'))).toBe(auditCount);
  });
});

describe('the seed policy (npm start outside production, npm run db:seed)', () => {
  it('skips a database the seed filled, also beside a company of the deployment', async () => {
    const companies = await database.db.$count(company);
    expect(await database.db.$count(company, eq(company.code, 'c-demo-test'))).toBe(1);
    expect(await seedDemoIfEmpty('development', database.db)).toBe('already-seeded');
    expect(await database.db.$count(company)).toBe(companies);
  });

  it('refuses production whatever the database holds', async () => {
    await expect(seedDemoIfEmpty('production', database.db)).rejects.toThrow(/never seeded in production/);
  });

  it('refuses a database whose companies the seed did not make, adding nothing', async () => {
    // The seed's companies renamed away: what is left is the deployment's own.
    await database.db.transaction(async (tx) => {
      for (const code of DEMO_COMPANY_CODES) await tx.update(company).set({ code: `c-was-${code}` }).where(eq(company.code, code));
    });
    const companies = await database.db.$count(company);
    const users = await database.db.$count(user);
    const refused = seedDemoIfEmpty('development', database.db);
    await expect(refused).rejects.toBeInstanceOf(DemoSeedRefused);
    await expect(refused).rejects.toThrow(/already holds 3 companies the demo seed did not create.*SEED_DEMO=0/);
    expect(await database.db.$count(company)).toBe(companies);
    expect(await database.db.$count(user)).toBe(users);
  });
});
