import { and, asc, eq, sql } from 'drizzle-orm';
import { staffScope, type StaffViewer } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { insertReturningIds } from '../../db/bulk';
import { feedback, user } from '../../db/schema';
import { phoneHeld } from '../../db/sql/exists';
import { writeAuditLog } from '../../db/audit-log';

/** The columns update-info may change. */
export type ProfilePatch = Partial<Pick<typeof user.$inferInsert, 'vacation' | 'avatar' | 'sex' | 'name' | 'phone' | 'resume'>>;

/**
 * The accounts' own rows: a new account and a new password (for every module that makes one,
 * through `app.users`: user-module.ts), the profile and vacation switch, the brokers of a
 * scope, and feedback. Staff management and the console's 账号管理 have repositories of their
 * own in this module.
 */
export function createUserRepository(db: Executor) {
  return {
    /** A new account; the caller's transaction maps a taken phone (user_company_phone_uq) to its own words. */
    async insert(values: typeof user.$inferInsert): Promise<number> {
      const rows = await db.insert(user).values(values).returning({ id: user.id });
      return rows[0]!.id;
    },

    /** Several accounts of one company (an import): their ids in the given order, matched by phone (unique in a company). */
    insertMany(values: (typeof user.$inferInsert)[]): Promise<number[]> {
      return insertReturningIds(
        values,
        (v) => v.phone,
        async (part) => (await db.insert(user).values(part).returning({ id: user.id, key: user.phone })),
      );
    },

    /**
     * A new password hash: one the owner chose (`mustChange` false), or one the console generated,
     * to be changed at the next sign-in. Ending the account's sessions is the caller's part.
     */
    async setPassword(companyId: number, userId: number, passwordHash: string, { mustChange }: { mustChange: boolean }): Promise<void> {
      await db
        .update(user)
        .set({ passwordHash, mustChangePassword: mustChange, updatedAt: sql`now()` })
        .where(and(eq(user.companyId, companyId), eq(user.id, userId)));
    },

    /**
     * Takes an account out of use (npm run demo:remove): inactive, its password replaced (to be
     * changed at the next sign-in), if its hash is still `ifPasswordHash`. False when it changed.
     */
    async retire(companyId: number, userId: number, { passwordHash, ifPasswordHash }: { passwordHash: string; ifPasswordHash: string }): Promise<boolean> {
      const rows = await db
        .update(user)
        .set({ active: false, passwordHash, mustChangePassword: true, updatedAt: sql`now()` })
        .where(and(eq(user.companyId, companyId), eq(user.id, userId), eq(user.passwordHash, ifPasswordHash)))
        .returning({ id: user.id });
      return rows.length > 0;
    },

    async insertFeedback(values: { companyId: number; userId: number; content: string }): Promise<void> {
      await db.insert(feedback).values(values);
    },

    /**
     * The brokers of a DIANZHANG's 公司订单 scope (docs/decisions/011): a shop manager and
     * their brokers, or every account of a general account's distributor.
     */
    async brokersOfScope(viewer: StaffViewer) {
      return db
        .select({ label: user.name, value: user.id })
        .from(user)
        .where(and(staffScope(viewer), eq(user.active, true)))
        .orderBy(asc(user.id));
    },

    /** Another account of the company (active or not) already has this phone. */
    phoneTaken(companyId: number, phone: string, exceptUserId: number): Promise<boolean> {
      return phoneHeld(db, companyId, phone, exceptUserId);
    },

    /**
     * The changed columns and their audit-log rows together: the vacation switch keeps its
     * own action; a phone change records both numbers (the account's sign-in name changes).
     */
    async updateProfile(companyId: number, userId: number, patch: ProfilePatch, previousPhone: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(user).set(patch).where(and(eq(user.id, userId), eq(user.companyId, companyId)));
        const entry = { companyId, actorId: userId, entity: 'user', entityId: userId };
        const { vacation, ...profile } = patch;
        if (vacation !== undefined) await writeAuditLog(tx, { ...entry, action: 'user.vacation', detail: { vacation } });
        const fields = Object.keys(profile);
        if (fields.length) {
          const phone = profile.phone === undefined ? {} : { phone: { from: previousPhone, to: profile.phone } };
          await writeAuditLog(tx, { ...entry, action: 'user.profile', detail: { fields, ...phone } });
        }
      });
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
