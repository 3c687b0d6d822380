import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributor, session, user } from '../../db/schema';

/** DECISIONS.md, session tokens: 256-bit opaque, stored hashed, sliding expiry 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Extending the expiry on every request would write on every read; once a minute is enough. */
const SLIDE_AFTER_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The whole account row of a live session, read on every request: the auth plugin reads its
 * `mustChangePassword` (decision 017) from here, so a change takes effect on the next call.
 */
export type SessionUser = typeof user.$inferSelect & { sessionId: number };

/** Whose live sessions end: one session, some accounts (keeping one session), or a distributor's people. */
export type SessionsToEnd = { sessionId: number } | { userIds: number[]; keepSessionId?: number } | { distributorId: number };

function sessionsOf(companyId: number, whose: SessionsToEnd): SQL | undefined {
  if ('sessionId' in whose) return eq(session.id, whose.sessionId);
  if ('distributorId' in whose) {
    return sql`${session.userId} in (select ${user.id} from ${user} where ${user.companyId} = ${companyId} and ${user.distributorId} = ${whose.distributorId})`;
  }
  return and(
    inArray(session.userId, whose.userIds),
    whose.keepSessionId === undefined ? undefined : ne(session.id, whose.keepSessionId),
  );
}

export function createSessionRepository(db: Executor) {
  /**
   * The lookup every signed-in request makes, built once (decision 032): building it with
   * drizzle on each call cost more CPU than the rest of a check-token request. A named
   * statement, so PostgreSQL also parses and plans it once per connection. Prepared on first
   * use, never for the repositories a transaction makes to revoke sessions.
   */
  let findUserQuery: ReturnType<typeof prepareFindUser> | undefined;
  function prepareFindUser() {
    return db
      .select({ user, sessionId: session.id, lastSeenAt: session.lastSeenAt })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      // Decision 046: a disabled distributor's sessions are revoked with the disabling; the
      // join also refuses one a sign-in racing the disabling may have created.
      .leftJoin(distributor, eq(distributor.id, user.distributorId))
      .where(
        and(
          eq(session.tokenHash, sql.placeholder('tokenHash')),
          eq(session.companyId, sql.placeholder('companyId')),
          isNull(session.revokedAt),
          gt(session.expiresAt, sql`now()`),
          eq(user.active, true),
          or(isNull(user.distributorId), eq(distributor.active, true)),
        ),
      )
      .limit(1)
      .prepare('session_user');
  }

  return {
    async create(userId: number, companyId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(session).values({
        tokenHash: hashToken(token),
        userId,
        companyId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      return token;
    },

    /** The live session of `token` in `companyId`: a token is valid only for its own company. */
    async findUser(token: string, companyId: number): Promise<SessionUser | undefined> {
      findUserQuery ??= prepareFindUser();
      const rows = await findUserQuery.execute({ tokenHash: hashToken(token), companyId });
      const row = rows[0];
      if (!row) return undefined;
      if (Date.now() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
        await db
          .update(session)
          .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
          .where(eq(session.id, row.sessionId));
      }
      return { ...row.user, sessionId: row.sessionId };
    },

    /**
     * Ends live sessions of the company (the one place that does): a sign-out's one session, an
     * account's (a password change keeps the session that made it), or a distributor's people
     * (decision 046). Answers how many ended.
     */
    async end(companyId: number, whose: SessionsToEnd): Promise<number> {
      if ('userIds' in whose && whose.userIds.length === 0) return 0;
      const rows = await db
        .update(session)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(session.companyId, companyId), isNull(session.revokedAt), sessionsOf(companyId, whose)))
        .returning({ id: session.id });
      return rows.length;
    },

    async deleteExpired(): Promise<void> {
      await db.delete(session).where(lt(session.expiresAt, sql`now() - interval '30 days'`));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
