import { and, asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, feedback, user } from '../../db/schema';

/** The user's own records: feedback, the vacation switch, and the brokers of their scope. */
export function createUserRepository(db: Executor) {
  return {
    async insertFeedback(values: { companyId: number; userId: number; content: string }): Promise<void> {
      await db.insert(feedback).values(values);
    },

    /**
     * The brokers of a DIANZHANG's 公司订单 scope (docs/decisions/011): a shop manager and
     * their brokers, or every account of a general account's distributor.
     */
    async brokersOfScope(viewer: { id: number; companyId: number; distributorId: number | null; distributorControl: boolean }) {
      const scope = viewer.distributorControl
        ? viewer.distributorId === null
          ? eq(user.id, viewer.id)
          : eq(user.distributorId, viewer.distributorId)
        : or(eq(user.id, viewer.id), eq(user.managerId, viewer.id));
      return db
        .select({ label: user.name, value: user.id })
        .from(user)
        .where(and(eq(user.companyId, viewer.companyId), eq(user.active, true), scope))
        .orderBy(asc(user.id));
    },

    /** The switch and its audit-log row together. */
    async setVacation(companyId: number, userId: number, vacation: 0 | 1): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(user).set({ vacation }).where(and(eq(user.id, userId), eq(user.companyId, companyId)));
        await tx.insert(auditLog).values({ companyId, actorId: userId, action: 'user.vacation', entity: 'user', entityId: userId, detail: { vacation } });
      });
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
