import { and, eq, sql } from 'drizzle-orm';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import type { Executor } from '../../db/client';
import { city, favorite, house } from '../../db/schema';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import type { KeysetWindow } from '../../lib/paging';
import { once } from '../../lib/prepared';

/** Favourites newest first; the cursor is (favourited at, listing id), sought on favorite_user_created_idx. */
const ORDER: SortKey[] = [
  { expr: favorite.createdAt, dir: 'desc', time: true },
  { expr: favorite.houseId, dir: 'desc' },
];
export type FavoriteCursor = CursorValues<readonly ['time', 'id']>;

/** Favourites (part 1, section 2): a user's listings, read through the listing for the tenant. */
export function createFavoriteRepository(db: Executor) {
  /** Read by every listing detail: built once, a named statement (decision 032). */
  const isFavoriteQuery = once(() =>
    db
      .select({ one: sql<number>`1` })
      .from(favorite)
      .where(and(eq(favorite.userId, sql.placeholder('userId')), eq(favorite.houseId, sql.placeholder('houseId'))))
      .limit(1)
      .prepare('favorite_exists'),
  );
  const ofUser = (companyId: number, userId: number) =>
    and(eq(favorite.userId, userId), eq(house.companyId, companyId), eq(house.active, true));

  return {
    /** Idempotent: favouriting twice keeps one row (and its first time). */
    async add(userId: number, houseId: number): Promise<void> {
      await db.insert(favorite).values({ userId, houseId }).onConflictDoNothing();
    },

    async remove(userId: number, houseId: number): Promise<void> {
      await db.delete(favorite).where(and(eq(favorite.userId, userId), eq(favorite.houseId, houseId)));
    },

    async isFavorite(userId: number, houseId: number): Promise<boolean> {
      const rows = await isFavoriteQuery().execute({ userId, houseId });
      return rows.length > 0;
    },

    /** Newest first; listings taken off the shelves are left out. `total` only without a cursor (null otherwise). */
    async page(companyId: number, userId: number, page: KeysetWindow<FavoriteCursor>) {
      const [rows, total] = await Promise.all([
        db
          .select({
            houseId: house.id,
            houseName: house.name,
            buildingDiagram: house.buildingDiagram,
            buildingVideo: house.buildingVideo,
            buildingVr: house.buildingVr,
            regionName: city.name,
            packagePrice: house.packagePrice,
            averagePrice: house.averagePrice,
            tags: house.tags,
            incentiveTimeStr: house.incentiveTimeStr,
            reportProtectHours: house.reportProtectHours,
            takeLookProtectHours: house.takeLookProtectHours,
            ruleTel: house.ruleTel,
            cursorAt: cursorTime(favorite.createdAt),
          })
          .from(favorite)
          .innerJoin(house, eq(house.id, favorite.houseId))
          .innerJoin(city, eq(city.id, house.cityId))
          .where(and(ofUser(companyId, userId), page.after ? keysetAfter(ORDER, page.after) : undefined))
          .orderBy(...keysetOrder(ORDER))
          .limit(page.limit)
          .offset(page.offset),
        page.after
          ? null
          : db
              .select({ n: sql<number>`count(*)::int` })
              .from(favorite)
              .innerJoin(house, eq(house.id, favorite.houseId))
              .where(ofUser(companyId, userId)),
      ]);
      return { rows, total: total ? (total[0]?.n ?? 0) : null };
    },
  };
}
export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
