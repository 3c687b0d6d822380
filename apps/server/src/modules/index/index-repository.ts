import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { house, indexBanner, indexColumn, indexColumnHouse, indexNav } from '../../db/schema';

/** Home content (part 1, section 2, Index tab): rows of a city, or of every city (city_id null). */
export function createIndexRepository(db: Executor) {
  const forCity = (column: typeof indexBanner.cityId | typeof indexColumn.cityId | typeof indexNav.cityId, cityId: number) =>
    or(eq(column, cityId), isNull(column));
  /** A banner's active period (docs/decisions/042): from start_at (inclusive) to end_at (exclusive); null is open. */
  const live = and(
    or(isNull(indexBanner.startAt), lte(indexBanner.startAt, sql`now()`)),
    or(isNull(indexBanner.endAt), gt(indexBanner.endAt, sql`now()`)),
  );

  return {
    async banners(companyId: number, cityId: number) {
      return db
        .select({ id: indexBanner.id, image: indexBanner.image, title: indexBanner.title, link: indexBanner.link })
        .from(indexBanner)
        .where(and(eq(indexBanner.companyId, companyId), forCity(indexBanner.cityId, cityId), live))
        .orderBy(asc(indexBanner.sort), asc(indexBanner.id));
    },

    async navs(companyId: number, cityId: number) {
      return db
        .select({ id: indexNav.id, title: indexNav.title, icon: indexNav.icon, featureId: indexNav.featureId })
        .from(indexNav)
        .where(and(eq(indexNav.companyId, companyId), forCity(indexNav.cityId, cityId)))
        .orderBy(asc(indexNav.sort), asc(indexNav.id));
    },

    async columns(companyId: number, cityId: number) {
      return db
        .select({
          id: indexColumn.id,
          type: indexColumn.type,
          title: indexColumn.title,
          description: indexColumn.description,
          moreLink: indexColumn.moreLink,
        })
        .from(indexColumn)
        .where(and(eq(indexColumn.companyId, companyId), forCity(indexColumn.cityId, cityId)))
        .orderBy(asc(indexColumn.sort), asc(indexColumn.id));
    },

    /** The active listings of the given columns in their column order: one query for the page. */
    async columnCards(companyId: number, columnIds: readonly number[]) {
      if (columnIds.length === 0) return [];
      return db
        .select({
          columnId: indexColumnHouse.columnId,
          id: house.id,
          name: house.name,
          buildingDiagram: house.buildingDiagram,
          tags: house.tags,
          packagePrice: house.packagePrice,
          averagePrice: house.averagePrice,
          buildingVideo: house.buildingVideo,
          buildingVr: house.buildingVr,
        })
        .from(indexColumnHouse)
        .innerJoin(house, eq(house.id, indexColumnHouse.houseId))
        .where(and(inArray(indexColumnHouse.columnId, [...columnIds]), eq(house.companyId, companyId), eq(house.active, true)))
        .orderBy(asc(indexColumnHouse.columnId), asc(indexColumnHouse.sort), asc(house.id));
    },
  };
}
export type IndexRepository = ReturnType<typeof createIndexRepository>;
