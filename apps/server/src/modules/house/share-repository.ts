import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { house, shareVisit, user } from '../../db/schema';

export type ShareSide = (typeof shareVisit.$inferSelect)['side'];

export interface VisitInput {
  companyId: number;
  houseId: number;
  shareUserId: number;
  visitorUserId: number | null;
  openid: string;
  side: ShareSide;
  /** share_visit.visitor_key: 'u:<account>', 'o:<openid>' or 'h:<hash>'. */
  visitorKey: string;
}

/**
 * One visitor across visits: the account, else the openid, else the hash of IP and user
 * agent; a visit recorded before visitor keys (migration 0006) with none of them is a visitor of its own.
 */
export const visitorIdentity = sql`coalesce('u' || ${shareVisit.visitorUserId}, nullif('o' || ${shareVisit.openid}, 'o'), nullif(${shareVisit.visitorKey}, ''), 'v' || ${shareVisit.id})`;

/** Shared listing pages and their visits (part 1, section 4, Sharing). */
export function createShareRepository(db: Executor) {
  return {
    /** The sharing agent shown on a shared page: an active user of the company. */
    async findSharer(companyId: number, userId: number) {
      const rows = await db
        .select({ id: user.id, name: user.name, avatar: user.avatar, phone: user.phone })
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.id, userId), eq(user.active, true)))
        .limit(1);
      return rows[0];
    },

    /**
     * One visit; false when this visitor was already counted on this side of this share
     * today (the company's day): share_visit_daily_uq keeps racing repeats out as well.
     */
    async insertVisit(visit: VisitInput, timeZone: string): Promise<boolean> {
      const rows = await db
        .insert(shareVisit)
        .values({ ...visit, visitDay: sql`(now() at time zone ${timeZone})::date` })
        .onConflictDoNothing()
        .returning({ id: shareVisit.id });
      return rows.length > 0;
    },

    /** The sharer's listings with their visit counts, last visited first. */
    async statistics(companyId: number, shareUserId: number, timeZone: string, page: { limit: number; offset: number }) {
      const mine = and(eq(shareVisit.companyId, companyId), eq(shareVisit.shareUserId, shareUserId), eq(shareVisit.side, 'SHARER'));
      const lastVisit = sql`max(${shareVisit.createdAt})`;
      const [rows, total] = await Promise.all([
        db
          .select({
            houseId: shareVisit.houseId,
            houseName: house.name,
            buildingDiagram: house.buildingDiagram,
            visitCount: sql<number>`count(*)::int`,
            visitorCount: sql<number>`count(distinct ${visitorIdentity})::int`,
            lastVisitAt: sql<string>`to_char(${lastVisit} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
          })
          .from(shareVisit)
          .innerJoin(house, and(eq(house.id, shareVisit.houseId), eq(house.companyId, companyId)))
          .where(mine)
          .groupBy(shareVisit.houseId, house.name, house.buildingDiagram)
          .orderBy(desc(lastVisit), desc(shareVisit.houseId))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(distinct ${shareVisit.houseId})::int` })
          .from(shareVisit)
          .where(mine),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },

    /** The visits of one shared listing, newest first. */
    async houseVisits(
      companyId: number,
      query: { shareUserId: number; houseId: number; timeZone: string },
      page: { limit: number; offset: number },
    ) {
      const where = and(
        eq(shareVisit.companyId, companyId),
        eq(shareVisit.shareUserId, query.shareUserId),
        eq(shareVisit.houseId, query.houseId),
        eq(shareVisit.side, 'SHARER'),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            visitedAt: sql<string>`to_char(${shareVisit.createdAt} at time zone ${query.timeZone}, 'YYYY-MM-DD HH24:MI')`,
            visitorName: user.name,
            openid: shareVisit.openid,
          })
          .from(shareVisit)
          .leftJoin(user, and(eq(user.id, shareVisit.visitorUserId), eq(user.companyId, companyId)))
          .where(where)
          .orderBy(desc(shareVisit.createdAt), desc(shareVisit.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(shareVisit).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
  };
}
export type ShareRepository = ReturnType<typeof createShareRepository>;
