import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import type { BuildingProperty } from '@baobei/shared/rules/house';
import type { HouseListFilters } from '@baobei/shared/schemas/house';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { city, commissionPolicy, house, houseContact, houseFeatureLink, housePicture, houseUnitType } from '../../db/schema';
import { keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import type { KeysetWindow } from '../../lib/paging';
import { once } from '../../lib/prepared';
import { escapeLike, hasCase, shortKeywordGrams } from '../../db/sql/text-search';

/** 1 万 in 元: the price bands are in 万, an average price in 元/㎡. */
const PRICE_UNIT_YUAN = 10_000;

/** A PRICE_OPTIONS value `min-max` in 万 (`500-` has no maximum); null when empty or malformed. */
export function parsePriceRange(value: string): { min: number; max: number | null } | null {
  const match = /^(\d+)-(\d*)$/.exec(value);
  if (!match) return null;
  return { min: Number(match[1]), max: match[2] ? Number(match[2]) : null };
}

/**
 * The house list's conditions (part 1, section 2, House list). Exported so the benchmark
 * explains exactly the query the API runs.
 */
export function houseListWhere(db: Executor, companyId: number, filters: HouseListFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(house.companyId, companyId), eq(house.active, true)];
  if (filters.keyword) {
    // Substring of the name or the address; served by the trigram indexes (docs/decisions/005).
    // A keyword without letters that have case (Chinese, digits) needs no case folding: LIKE
    // then finds the same rows as ILIKE at a fraction of the cost of lower-casing every row.
    const pattern = `%${escapeLike(filters.keyword)}%`;
    const match = hasCase(filters.keyword) ? ilike : like;
    conditions.push(or(match(house.name, pattern), match(house.buildingAddress, pattern)), shortKeywordGrams(filters.keyword));
  }
  if (filters.areaId) {
    // A city, or a province: then every city under it (the tree has two levels).
    const area = db
      .select({ id: city.id })
      .from(city)
      .where(and(eq(city.companyId, companyId), or(eq(city.id, filters.areaId), eq(city.parentId, filters.areaId))));
    conditions.push(inArray(house.cityId, area));
  }
  const price = parsePriceRange(filters.price);
  if (price) {
    // Half-open ranges in 万, so a price on a boundary falls in one option (docs/decisions/023).
    // A package price (万/套) is the total. A listing priced per ㎡ only (元/㎡) costs from 均价 ×
    // its smallest unit type's floor area to 均价 × its largest: it meets the band when that
    // range overlaps it, i.e. some unit type costs at least the band's minimum and some less
    // than its maximum. Each is a semi-join on house_unit_type_house_idx: no N+1.
    const byPackage = and(
      gte(house.packagePrice, price.min),
      price.max !== null ? lt(house.packagePrice, price.max) : undefined,
    );
    const unitTotal = sql`${house.averagePrice} * ${houseUnitType.floorArea}`;
    const someUnit = (condition: SQL) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(houseUnitType)
          .where(and(eq(houseUnitType.houseId, house.id), condition)),
      );
    const byArea = and(
      or(isNull(house.packagePrice), eq(house.packagePrice, 0)),
      someUnit(gte(unitTotal, price.min * PRICE_UNIT_YUAN)),
      price.max !== null ? someUnit(lt(unitTotal, price.max * PRICE_UNIT_YUAN)) : undefined,
    );
    conditions.push(or(byPackage, byArea));
  }
  if (filters.houseTese) {
    const withFeature = db
      .select({ id: houseFeatureLink.houseId })
      .from(houseFeatureLink)
      .where(eq(houseFeatureLink.featureId, filters.houseTese));
    conditions.push(inArray(house.id, withFeature));
  }
  if (filters.sellingStatus) conditions.push(eq(house.sellingStatus, filters.sellingStatus));
  return and(...conditions) as SQL;
}

/** The house list's order, the company's sort then id; its cursor is (sort, id), sought on house_active_sort_idx. */
const LIST_ORDER: SortKey[] = [
  { expr: house.sort, dir: 'asc' },
  { expr: house.id, dir: 'asc' },
];
export type HouseCursor = CursorValues<readonly ['int', 'id']>;

const listColumns = {
  id: house.id,
  sort: house.sort,
  name: house.name,
  buildingDiagram: house.buildingDiagram,
  buildingVideo: house.buildingVideo,
  buildingVr: house.buildingVr,
  regionName: city.name,
  sellingStatus: house.sellingStatus,
  tags: house.tags,
  packagePrice: house.packagePrice,
  averagePrice: house.averagePrice,
  incentiveTimeStr: house.incentiveTimeStr,
  incentiveFull: house.incentiveFull,
  houseRecordTips: house.houseRecordTips,
  reportProtectHours: house.reportProtectHours,
  takeLookProtectHours: house.takeLookProtectHours,
  ruleTel: house.ruleTel,
};
/** A policy is current when long term, or when today (company time zone) is inside its dates. */
function currentPolicy(timeZone: string): SQL<boolean> {
  const today = sql`(now() at time zone ${timeZone})::date`;
  return sql<boolean>`(${commissionPolicy.longTerm} or ((${commissionPolicy.policyStartDate} is null or ${commissionPolicy.policyStartDate} <= ${today}) and (${commissionPolicy.policyEndDate} is null or ${commissionPolicy.policyEndDate} >= ${today})))`;
}

/** Child rows of a listing are read through the listing, so the tenant filter holds in SQL too. */
const ofHouse = (column: AnyPgColumn, companyId: number, houseId: number) =>
  and(eq(column, houseId), eq(house.companyId, companyId));

export function createHouseRepository(db: Executor) {
  /**
   * The detail's statements (the listing, its unit types, pictures and contacts), built once and
   * sent as named statements (decision 032): their shape never varies, each a lookup by key.
   */
  const companyId = sql.placeholder('companyId') as unknown as number;
  const houseId = sql.placeholder('houseId') as unknown as number;
  const findQuery = (activeOnly: boolean) =>
    db
      .select({ house, regionName: city.name })
      .from(house)
      .innerJoin(city, eq(city.id, house.cityId))
      .where(and(eq(house.companyId, companyId), eq(house.id, houseId), activeOnly ? eq(house.active, true) : undefined))
      .limit(1);
  const prepared = {
    findActive: once(() => findQuery(true).prepare('house_find_active')),
    findAny: once(() => findQuery(false).prepare('house_find')),
    unitTypes: once(() =>
      db
        .select({ unitType: houseUnitType })
        .from(houseUnitType)
        .innerJoin(house, eq(house.id, houseUnitType.houseId))
        .where(ofHouse(houseUnitType.houseId, companyId, houseId))
        .orderBy(asc(houseUnitType.sort), asc(houseUnitType.id))
        .prepare('house_unit_types'),
    ),
    pictures: once(() =>
      db
        .select({ picture: housePicture })
        .from(housePicture)
        .innerJoin(house, eq(house.id, housePicture.houseId))
        .where(ofHouse(housePicture.houseId, companyId, houseId))
        .orderBy(asc(housePicture.sort), asc(housePicture.id))
        .prepare('house_pictures'),
    ),
    contacts: once(() =>
      db
        .select({ kind: houseContact.kind, name: houseContact.name, phone: houseContact.phone })
        .from(houseContact)
        .innerJoin(house, eq(house.id, houseContact.houseId))
        .where(ofHouse(houseContact.houseId, companyId, houseId))
        .orderBy(asc(houseContact.id))
        .prepare('house_contacts'),
    ),
  };

  return {
    /** Bumps the listing's arrival-link version (decision 011): every older link stops working at once. */
    async renewArrivalLink(tx: Executor, company: number, id: number) {
      const rows = await tx
        .update(house)
        .set({ externalLinkVersion: sql`${house.externalLinkVersion} + 1` })
        .where(and(eq(house.id, id), eq(house.companyId, company)))
        .returning({ id: house.id, name: house.name, version: house.externalLinkVersion });
      return rows[0];
    },

    /** A page of the list: after the cursor's listing (a seek on (company_id, sort, id)) or at the page's OFFSET. */
    async listPage(companyId: number, filters: HouseListFilters, page: KeysetWindow<HouseCursor>) {
      return db
        .select(listColumns)
        .from(house)
        .innerJoin(city, eq(city.id, house.cityId))
        .where(and(houseListWhere(db, companyId, filters), page.after ? keysetAfter(LIST_ORDER, page.after) : undefined))
        .orderBy(...keysetOrder(LIST_ORDER))
        .limit(page.limit)
        .offset(page.offset);
    },

    /**
     * Finding listings by what they pay (decision 090): every listing the filters match, with
     * what its estimate needs (prices, the smallest unit type's floor area) and today in the
     * company's time zone, by the database's clock; and the policies in force today that the
     * rules may read: `property`'s, and the dated ones of any type (有激励). Two queries, whatever
     * the count.
     */
    async commissionCandidates(companyId: number, filters: HouseListFilters, property: BuildingProperty, timeZone: string) {
      const where = houseListWhere(db, companyId, filters);
      const [listings, policies] = await Promise.all([
        db
          .select({
            id: house.id,
            sort: house.sort,
            packagePrice: house.packagePrice,
            averagePrice: house.averagePrice,
            // One lookup per listing on house_unit_type_house_idx. Written out with its own alias:
            // drizzle leaves a one-table select's columns unqualified, which would tie the
            // subquery to its own rows instead of the listing.
            minFloorArea: sql<string | null>`(select min(hut.floor_area) from house_unit_type hut where hut.house_id = "house"."id")`,
            today: sql<string>`((now() at time zone ${timeZone})::date)::text`,
          })
          .from(house)
          .where(where)
          .orderBy(...keysetOrder(LIST_ORDER)),
        db
          .select({
            houseId: commissionPolicy.houseId,
            id: commissionPolicy.id,
            buildingProperty: commissionPolicy.buildingProperty,
            policyStartDate: commissionPolicy.policyStartDate,
            policyEndDate: commissionPolicy.policyEndDate,
            longTerm: commissionPolicy.longTerm,
            secondaryPoint: commissionPolicy.secondaryPoint,
            secondaryAward: commissionPolicy.secondaryAward,
            sort: commissionPolicy.sort,
          })
          .from(commissionPolicy)
          .innerJoin(house, eq(house.id, commissionPolicy.houseId))
          .where(and(where, currentPolicy(timeZone), or(eq(commissionPolicy.buildingProperty, property), eq(commissionPolicy.longTerm, false)))),
      ]);
      return {
        today: listings[0]?.today ?? null,
        listings: listings.map((l) => ({ ...l, minFloorArea: l.minFloorArea === null ? null : Number(l.minFloorArea) })),
        policies,
      };
    },

    /** The list's rows of these listings (the company's, on sale), in no particular order. */
    async listByIds(companyId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select(listColumns)
        .from(house)
        .innerJoin(city, eq(city.id, house.cityId))
        .where(and(eq(house.companyId, companyId), eq(house.active, true), inArray(house.id, [...ids])));
    },

    /** The matching listings; without filters an index-only count of house_active_sort_idx (migration 0011). */
    async countList(companyId: number, filters: HouseListFilters): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(house)
        .where(houseListWhere(db, companyId, filters));
      return rows[0]?.n ?? 0;
    },

    /** A listing with its city's name; `activeOnly` leaves out listings taken off the shelves. */
    async find(companyId: number, id: number, options: { activeOnly: boolean }) {
      const query = options.activeOnly ? prepared.findActive() : prepared.findAny();
      const rows = await query.execute({ companyId, houseId: id });
      return rows[0];
    },

    async unitTypes(companyId: number, houseId: number) {
      const rows = await prepared.unitTypes().execute({ companyId, houseId });
      return rows.map((r) => r.unitType);
    },

    async pictures(companyId: number, houseId: number) {
      const rows = await prepared.pictures().execute({ companyId, houseId });
      return rows.map((r) => r.picture);
    },

    async contacts(companyId: number, houseId: number) {
      return prepared.contacts().execute({ companyId, houseId });
    },

    /** The smallest and largest unit-type floor area of each listing: one query for a whole page. */
    async floorAreaRanges(companyId: number, houseIds: readonly number[]) {
      const result = new Map<number, { min: number; max: number }>();
      if (houseIds.length === 0) return result;
      const rows = await db
        .select({
          houseId: houseUnitType.houseId,
          min: sql<string>`min(${houseUnitType.floorArea})`,
          max: sql<string>`max(${houseUnitType.floorArea})`,
        })
        .from(houseUnitType)
        .innerJoin(house, eq(house.id, houseUnitType.houseId))
        .where(and(eq(house.companyId, companyId), inArray(houseUnitType.houseId, [...houseIds])))
        .groupBy(houseUnitType.houseId);
      for (const row of rows) {
        if (row.min !== null && row.max !== null) result.set(row.houseId, { min: Number(row.min), max: Number(row.max) });
      }
      return result;
    },

    /** The first current commission policy (by sort) of each listing: one query for a whole page. */
    async firstCurrentPolicies(companyId: number, houseIds: readonly number[], timeZone: string) {
      const result = new Map<number, { secondaryPoint: string; secondaryAward: string }>();
      if (houseIds.length === 0) return result;
      const rows = await db
        .selectDistinctOn([commissionPolicy.houseId], {
          houseId: commissionPolicy.houseId,
          secondaryPoint: commissionPolicy.secondaryPoint,
          secondaryAward: commissionPolicy.secondaryAward,
        })
        .from(commissionPolicy)
        .innerJoin(house, eq(house.id, commissionPolicy.houseId))
        .where(and(eq(house.companyId, companyId), inArray(commissionPolicy.houseId, [...houseIds]), currentPolicy(timeZone)))
        .orderBy(commissionPolicy.houseId, asc(commissionPolicy.sort), asc(commissionPolicy.id));
      for (const row of rows) result.set(row.houseId, { secondaryPoint: row.secondaryPoint, secondaryAward: row.secondaryAward });
      return result;
    },

    /** Commission policies of a listing counted by property type, in the order of their first policy. */
    async policyGroups(companyId: number, houseId: number) {
      return db
        .select({ value: commissionPolicy.buildingProperty, count: sql<number>`count(*)::int` })
        .from(commissionPolicy)
        .innerJoin(house, eq(house.id, commissionPolicy.houseId))
        .where(ofHouse(commissionPolicy.houseId, companyId, houseId))
        .groupBy(commissionPolicy.buildingProperty)
        .orderBy(sql`min(${commissionPolicy.sort})`, asc(commissionPolicy.buildingProperty));
    },

    /** One property type's policies, current ones first, then by sort. */
    async policyPage(
      companyId: number,
      query: { houseId: number; buildingProperty: string; timeZone: string },
      page: { limit: number; offset: number },
    ) {
      const where = and(
        ofHouse(commissionPolicy.houseId, companyId, query.houseId),
        eq(commissionPolicy.buildingProperty, query.buildingProperty as (typeof commissionPolicy.$inferSelect)['buildingProperty']),
      );
      const [rows, total] = await Promise.all([
        db
          .select({ policy: commissionPolicy })
          .from(commissionPolicy)
          .innerJoin(house, eq(house.id, commissionPolicy.houseId))
          .where(where)
          .orderBy(desc(currentPolicy(query.timeZone)), asc(commissionPolicy.sort), asc(commissionPolicy.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(commissionPolicy)
          .innerJoin(house, eq(house.id, commissionPolicy.houseId))
          .where(where),
      ]);
      return { rows: rows.map((r) => r.policy), total: total[0]?.n ?? 0 };
    },
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
export type HouseListRow = Awaited<ReturnType<HouseRepository['listPage']>>[number];
