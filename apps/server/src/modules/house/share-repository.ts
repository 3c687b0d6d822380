import { and, eq, sql } from 'drizzle-orm';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import type { Executor } from '../../db/client';
import { house, shareVisit, user } from '../../db/schema';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import type { KeysetWindow } from '../../lib/paging';

/** A cursor of the share lists: (last visit, listing id) or (visited at, visit id). */
export type ShareCursor = CursorValues<readonly ['time', 'id']>;
const lastVisit = sql`max(${shareVisit.createdAt})`;
/** The sharer's listings, last visited first: a cursor on the group's last visit, applied in HAVING. */
const SHARED_HOUSE_ORDER: SortKey[] = [
  { expr: lastVisit, dir: 'desc', time: true },
  { expr: shareVisit.houseId, dir: 'desc' },
];
/** The visits of one shared listing, newest first. */
const VISIT_ORDER: SortKey[] = [
  { expr: shareVisit.createdAt, dir: 'desc', time: true },
  { expr: shareVisit.id, dir: 'desc' },
];

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

    /** The sharer's listings with their visit counts, last visited first; `total` only without a cursor. */
    async statistics(companyId: number, shareUserId: number, timeZone: string, page: KeysetWindow<ShareCursor>) {
      const mine = and(eq(shareVisit.companyId, companyId), eq(shareVisit.shareUserId, shareUserId), eq(shareVisit.side, 'SHARER'));
      const [rows, total] = await Promise.all([
        db
          .select({
            houseId: shareVisit.houseId,
            houseName: house.name,
            buildingDiagram: house.buildingDiagram,
            visitCount: sql<number>`count(*)::int`,
            visitorCount: sql<number>`count(distinct ${visitorIdentity})::int`,
            lastVisitAt: sql<string>`to_char(${lastVisit} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
            cursorAt: cursorTime(lastVisit),
          })
          .from(shareVisit)
          .innerJoin(house, and(eq(house.id, shareVisit.houseId), eq(house.companyId, companyId)))
          .where(mine)
          .groupBy(shareVisit.houseId, house.name, house.buildingDiagram)
          .having(page.after ? keysetAfter(SHARED_HOUSE_ORDER, page.after) : undefined)
          .orderBy(...keysetOrder(SHARED_HOUSE_ORDER))
          .limit(page.limit)
          .offset(page.offset),
        page.after
          ? null
          : db
              .select({ n: sql<number>`count(distinct ${shareVisit.houseId})::int` })
              .from(shareVisit)
              .where(mine),
      ]);
      return { rows, total: total ? (total[0]?.n ?? 0) : null };
    },

    /** The visits of one shared listing, newest first; `total` only without a cursor. */
    async houseVisits(
      companyId: number,
      query: { shareUserId: number; houseId: number; timeZone: string },
      page: KeysetWindow<ShareCursor>,
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
            id: shareVisit.id,
            cursorAt: cursorTime(shareVisit.createdAt),
          })
          .from(shareVisit)
          .leftJoin(user, and(eq(user.id, shareVisit.visitorUserId), eq(user.companyId, companyId)))
          .where(and(where, page.after ? keysetAfter(VISIT_ORDER, page.after) : undefined))
          .orderBy(...keysetOrder(VISIT_ORDER))
          .limit(page.limit)
          .offset(page.offset),
        page.after ? null : db.select({ n: sql<number>`count(*)::int` }).from(shareVisit).where(where),
      ]);
      return { rows, total: total ? (total[0]?.n ?? 0) : null };
    },
  };
}
export type ShareRepository = ReturnType<typeof createShareRepository>;
