import { and, desc, eq, gt, sql } from 'drizzle-orm';
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
}

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
     * True when the same visitor (account, else openid) was recorded on this side of this
     * share since `since`: a reload is not a new visit.
     */
    async seenSince(visit: VisitInput, since: Date): Promise<boolean> {
      const who =
        visit.visitorUserId !== null
          ? eq(shareVisit.visitorUserId, visit.visitorUserId)
          : visit.openid
            ? eq(shareVisit.openid, visit.openid)
            : undefined;
      if (!who) return false;
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(shareVisit)
        .where(
          and(
            eq(shareVisit.companyId, visit.companyId),
            eq(shareVisit.shareUserId, visit.shareUserId),
            eq(shareVisit.houseId, visit.houseId),
            eq(shareVisit.side, visit.side),
            gt(shareVisit.createdAt, since),
            who,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertVisit(visit: VisitInput): Promise<void> {
      await db.insert(shareVisit).values(visit);
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
            // A visit with neither account nor openid is a visitor of its own.
            visitorCount: sql<number>`count(distinct coalesce('u' || ${shareVisit.visitorUserId}, nullif('o' || ${shareVisit.openid}, 'o'), 'v' || ${shareVisit.id}))::int`,
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
