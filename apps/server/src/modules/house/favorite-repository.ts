import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { city, favorite, house } from '../../db/schema';

/** Favourites (part 1, section 2): a user's listings, read through the listing for the tenant. */
export function createFavoriteRepository(db: Executor) {
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
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(favorite)
        .where(and(eq(favorite.userId, userId), eq(favorite.houseId, houseId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Newest first; listings taken off the shelves are left out. */
    async page(companyId: number, userId: number, page: { limit: number; offset: number }) {
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
          })
          .from(favorite)
          .innerJoin(house, eq(house.id, favorite.houseId))
          .innerJoin(city, eq(city.id, house.cityId))
          .where(ofUser(companyId, userId))
          .orderBy(desc(favorite.createdAt), desc(house.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(favorite)
          .innerJoin(house, eq(house.id, favorite.houseId))
          .where(ofUser(companyId, userId)),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
  };
}
export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
