import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { captcha } from '../../db/schema';

/** Picture codes: stored as a hash of their answer, used up once. */
export function createCaptchaRepository(db: Executor) {
  return {
    async insert(values: { sn: string; answerHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(captcha).values(values);
    },

    /** Marks a live, unused code used and answers its answer hash; undefined when there is none. */
    async useUp(sn: string): Promise<string | undefined> {
      const rows = await db
        .update(captcha)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captcha.sn, sn), isNull(captcha.usedAt), gt(captcha.expiresAt, sql`now()`)))
        .returning({ answerHash: captcha.answerHash });
      return rows[0]?.answerHash;
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
