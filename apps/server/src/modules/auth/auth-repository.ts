import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributor, smsCode, user, userIdentity } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;
export type SmsPurpose = (typeof smsCode.$inferSelect)['purpose'];

export function createAuthRepository(db: Executor) {
  return {
    async findUserByPhone(companyId: number, phone: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.phone, phone)))
        .limit(1);
      return rows[0];
    },

    async findUserById(companyId: number, id: number): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Decision 046: false when the user's distributor is disabled in the console (no distributor: true). */
    async distributorActive(companyId: number, distributorId: number | null): Promise<boolean> {
      if (distributorId === null) return true;
      const rows = await db
        .select({ active: distributor.active })
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), eq(distributor.id, distributorId)))
        .limit(1);
      return rows[0]?.active ?? true;
    },

    /** Serialises code issuing per phone inside the caller's transaction (both drivers). */
    async lockPhone(companyId: number, phone: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${phone}))`);
    },

    async countCodesSince(companyId: number, phone: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCode)
        .where(and(eq(smsCode.companyId, companyId), eq(smsCode.phone, phone), gt(smsCode.createdAt, since)));
      return rows[0]?.n ?? 0;
    },

    /** Returns the new code's id. */
    async insertCode(values: typeof smsCode.$inferInsert): Promise<number> {
      // A new code replaces any older live one of the same purpose.
      await db
        .update(smsCode)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(smsCode.companyId, values.companyId),
            eq(smsCode.phone, values.phone),
            eq(smsCode.purpose, values.purpose),
            isNull(smsCode.usedAt),
          ),
        );
      const rows = await db.insert(smsCode).values(values).returning({ id: smsCode.id });
      return rows[0]!.id;
    },

    /** A code the provider did not send: never valid, and not counted against the phone's limits. */
    async deleteCode(id: number): Promise<void> {
      await db.delete(smsCode).where(eq(smsCode.id, id));
    },

    async latestLiveCode(companyId: number, phone: string, purpose: SmsPurpose) {
      const rows = await db
        .select()
        .from(smsCode)
        .where(
          and(
            eq(smsCode.companyId, companyId),
            eq(smsCode.phone, phone),
            eq(smsCode.purpose, purpose),
            isNull(smsCode.usedAt),
            gt(smsCode.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(smsCode.createdAt))
        .limit(1);
      return rows[0];
    },

    /** Counts a wrong try; the code dies at `maxAttempts`. Returns false once it is dead. */
    async countWrongTry(id: number, maxAttempts: number): Promise<void> {
      await db
        .update(smsCode)
        .set({
          attempts: sql`${smsCode.attempts} + 1`,
          usedAt: sql`case when ${smsCode.attempts} + 1 >= ${maxAttempts} then now() else null end`,
        })
        .where(and(eq(smsCode.id, id), isNull(smsCode.usedAt), lt(smsCode.attempts, maxAttempts)));
    },

    /** Marks the code used; false when another request used it first. */
    async useCode(id: number): Promise<boolean> {
      const rows = await db
        .update(smsCode)
        .set({ usedAt: sql`now()` })
        .where(and(eq(smsCode.id, id), isNull(smsCode.usedAt)))
        .returning({ id: smsCode.id });
      return rows.length === 1;
    },

    async distributorName(distributorId: number | null): Promise<string> {
      if (distributorId === null) return '';
      const rows = await db
        .select({ name: distributor.name })
        .from(distributor)
        .where(eq(distributor.id, distributorId))
        .limit(1);
      return rows[0]?.name ?? '';
    },

    /** The channel contact who looks after the user's distributor (channelList on the my tab). */
    async channelContacts(distributorId: number | null) {
      if (distributorId === null) return [];
      return db
        .select({ name: user.name, manageArea: user.manageArea, mobile: user.phone })
        .from(distributor)
        .innerJoin(user, eq(user.id, distributor.channelUserId))
        .where(and(eq(distributor.id, distributorId), eq(user.active, true)));
    },

    async hasWechat(companyId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ userId: userIdentity.userId })
        .from(userIdentity)
        .where(
          and(eq(userIdentity.companyId, companyId), eq(userIdentity.userId, userId), eq(userIdentity.provider, 'wechat')),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
