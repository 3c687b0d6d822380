import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKey } from '../../db/schema';

/** Status 0 marks a request still being handled under that key. */
export const IN_PROGRESS = 0;

export function createIdempotencyRepository(db: Executor) {
  return {
    /** Claims the key; false when another request already holds it. */
    async claim(companyId: number, scope: string, key: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKey)
        .values({ companyId, scope, key, statusCode: IN_PROGRESS, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKey.key });
      return rows.length === 1;
    },
    async find(companyId: number, scope: string, key: string) {
      const rows = await db
        .select({ statusCode: idempotencyKey.statusCode, response: idempotencyKey.response })
        .from(idempotencyKey)
        .where(and(eq(idempotencyKey.companyId, companyId), eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)))
        .limit(1);
      return rows[0];
    },
    async complete(companyId: number, scope: string, key: string, statusCode: number, response: unknown) {
      await db
        .update(idempotencyKey)
        .set({ statusCode, response })
        .where(and(eq(idempotencyKey.companyId, companyId), eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)));
    },
    async release(companyId: number, scope: string, key: string) {
      await db
        .delete(idempotencyKey)
        .where(and(eq(idempotencyKey.companyId, companyId), eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)));
    },
    /** Keys are kept a day: long enough for any client retry. */
    async deleteOlderThanADay() {
      await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, sql`now() - interval '1 day'`));
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
