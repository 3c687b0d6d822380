import { and, gt, inArray, isNull, lt, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import type { Executor } from '../../db/client';
import { violatedConstraint } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';
import { oauthState, userIdentity } from '../../db/schema';

/** The provider name of WeChat identities in user_identity, keyed by (company, provider, openid). */
export const WECHAT_PROVIDER = 'wechat';

export type OauthStateInsert = typeof oauthState.$inferInsert;

/** OAuth states and the WeChat identities of accounts (docs/decisions/015). */
export function createWechatIdentityRepository(db: Executor) {
  return {
    /** Stores a state and clears states that ended more than a day ago (they are useless by then). */
    async insertState(values: OauthStateInsert): Promise<void> {
      await db.delete(oauthState).where(lt(oauthState.expiresAt, sql`now() - interval '1 day'`));
      await db.insert(oauthState).values(values);
    },

    /**
     * Uses a live state once, only for its owner: the browser's nonce hash (sign-in) or the
     * session (binding). One statement, so two requests with the same state cannot both win.
     */
    async consumeState(match: {
      stateHash: string;
      companyId: number;
      purpose: 'login' | 'bind';
      browserHash?: string;
      sessionId?: number;
    }): Promise<boolean> {
      const owner =
        match.purpose === 'login'
          ? eq(oauthState.browserHash, match.browserHash ?? '')
          : eq(oauthState.sessionId, match.sessionId ?? -1);
      const rows = await db
        .update(oauthState)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oauthState.stateHash, match.stateHash),
            eq(oauthState.companyId, match.companyId),
            eq(oauthState.purpose, match.purpose),
            isNull(oauthState.usedAt),
            gt(oauthState.expiresAt, sql`now()`),
            owner,
          ),
        )
        .returning({ stateHash: oauthState.stateHash });
      return rows.length === 1;
    },

    /** The account bound to a WeChat openid in this company. */
    async userOfOpenid(companyId: number, openid: string): Promise<number | undefined> {
      const rows = await db
        .select({ userId: userIdentity.userId })
        .from(userIdentity)
        .where(and(eq(userIdentity.companyId, companyId), eq(userIdentity.provider, WECHAT_PROVIDER), eq(userIdentity.subject, openid)))
        .limit(1);
      return rows[0]?.userId;
    },

    /** The openid bound to an account, if any. */
    async openidOfUser(companyId: number, userId: number): Promise<string | undefined> {
      const rows = await db
        .select({ subject: userIdentity.subject })
        .from(userIdentity)
        .where(and(eq(userIdentity.companyId, companyId), eq(userIdentity.provider, WECHAT_PROVIDER), eq(userIdentity.userId, userId)))
        .limit(1);
      return rows[0]?.subject;
    },

    /**
     * A racing bind of a second WeChat to this account meets identity_user_provider_uq: 409
     * 'unbind first'. The same WeChat bound to another account (the key) stays the caller's
     * unique violation, answered 'bound to another account'.
     */
    async bind(companyId: number, userId: number, openid: string): Promise<void> {
      try {
        await db.insert(userIdentity).values({ companyId, provider: WECHAT_PROVIDER, subject: openid, userId });
      } catch (error) {
        if (violatedConstraint(error) === 'identity_user_provider_uq') throw new ConflictError(messages.wechat.alreadyBound);
        throw error;
      }
    },

    /** Removes the account's WeChat identity; false when there was none. */
    async unbind(companyId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(userIdentity)
        .where(and(eq(userIdentity.companyId, companyId), eq(userIdentity.provider, WECHAT_PROVIDER), eq(userIdentity.userId, userId)))
        .returning({ userId: userIdentity.userId });
      return rows.length > 0;
    },

    /** Removes every external identity of these accounts (an account unbound from its distributor). */
    async removeAllOf(companyId: number, userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.delete(userIdentity).where(and(eq(userIdentity.companyId, companyId), inArray(userIdentity.userId, userIds)));
    },
  };
}
export type WechatIdentityRepository = ReturnType<typeof createWechatIdentityRepository>;
