import { and, asc, eq } from 'drizzle-orm';
import { staffScope, type StaffViewer } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { feedback, user } from '../../db/schema';
import { phoneHeld } from '../../db/sql/exists';
import { writeAuditLog } from '../../db/audit-log';

/** The columns update-info may change. */
export type ProfilePatch = Partial<Pick<typeof user.$inferInsert, 'vacation' | 'avatar' | 'sex' | 'name' | 'phone' | 'resume'>>;

/** The user's own records: feedback, the profile and vacation switch, and the brokers of their scope. */
export function createUserRepository(db: Executor) {
  return {
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
