import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wechatCredentialCache } from '../../db/schema';

/** WeChat's access token and JS-SDK ticket, shared by every instance until they expire. */
export function createWechatCredentialRepository(db: Executor) {
  return {
    async getLive(key: string): Promise<string | undefined> {
      const rows = await db
        .select({ value: wechatCredentialCache.value })
        .from(wechatCredentialCache)
        .where(and(eq(wechatCredentialCache.key, key), gt(wechatCredentialCache.expiresAt, sql`now()`)))
        .limit(1);
      return rows[0]?.value;
    },

    async put(key: string, value: string, expiresAt: Date): Promise<void> {
      await db
        .insert(wechatCredentialCache)
        .values({ key, value, expiresAt })
        .onConflictDoUpdate({ target: wechatCredentialCache.key, set: { value, expiresAt, updatedAt: sql`now()` } });
    },

    async drop(key: string): Promise<void> {
      await db.delete(wechatCredentialCache).where(eq(wechatCredentialCache.key, key));
    },
  };
}
export type WechatCredentialRepository = ReturnType<typeof createWechatCredentialRepository>;
