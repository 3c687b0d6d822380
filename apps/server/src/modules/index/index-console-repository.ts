import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { writeAuditLog, type AuditEntry } from '../../db/audit-log';
import type { Executor } from '../../db/client';
import { cityOfCompany } from '../../db/sql/exists';
import { house, houseFeature, indexBanner, indexColumn, indexColumnHouse, indexNav } from '../../db/schema';

export type BannerRow = typeof indexBanner.$inferSelect;
export type NavRow = typeof indexNav.$inferSelect;
export type ColumnRow = typeof indexColumn.$inferSelect;

export type BannerValues = Omit<typeof indexBanner.$inferInsert, 'id' | 'companyId' | 'version'>;
export type NavValues = Omit<typeof indexNav.$inferInsert, 'id' | 'companyId' | 'version'>;
export type ColumnValues = Omit<typeof indexColumn.$inferInsert, 'id' | 'companyId' | 'version'>;

/** The three content tables share their shape: company, city (null: every city), sort, version. */
const TABLES = { banner: indexBanner, nav: indexNav, column: indexColumn } as const;
export type ContentKind = keyof typeof TABLES;
type Table = (typeof TABLES)[ContentKind];
interface RowOf {
  banner: BannerRow;
  nav: NavRow;
  column: ColumnRow;
}
interface ValuesOf {
  banner: BannerValues;
  nav: NavValues;
  column: ColumnValues;
}

/**
 * The console's home content SQL (issue 15, item 5). Every statement names the company
 * (company_id), so another company's id finds nothing; a column's listings are reached only
 * through a column the company owns (the service locked it first).
 */
export function createIndexConsoleRepository(db: Executor) {
  const table = (kind: ContentKind): Table => TABLES[kind];
  /** A city's rows as the app reads them (index-repository's forCity), or every row. */
  const scope = (t: Table, companyId: number, cityId: number | undefined): SQL | undefined =>
    and(eq(t.companyId, companyId), cityId === undefined ? undefined : or(eq(t.cityId, cityId), isNull(t.cityId)));

  return {
    /** A change of home content in 操作日志, in the change's transaction. */
    insertAudit: (entry: AuditEntry): Promise<void> => writeAuditLog(db, entry),

    async list<K extends ContentKind>(kind: K, companyId: number, cityId: number | undefined): Promise<RowOf[K][]> {
      const t = table(kind);
      const rows = await db.select().from(t).where(scope(t, companyId, cityId)).orderBy(asc(t.sort), asc(t.id));
      return rows as RowOf[K][];
    },

    /** The row, locked until the transaction ends (two saves of one row take turns). */
    async lock<K extends ContentKind>(kind: K, companyId: number, id: number): Promise<RowOf[K] | undefined> {
      const t = table(kind);
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.companyId, companyId), eq(t.id, id)))
        .for('update')
        .limit(1);
      return rows[0] as RowOf[K] | undefined;
    },

    /** The rows of `ids` the company owns, locked. */
    async lockMany<K extends ContentKind>(kind: K, companyId: number, ids: number[]): Promise<RowOf[K][]> {
      const t = table(kind);
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.companyId, companyId), inArray(t.id, ids)))
        .orderBy(asc(t.id))
        .for('update');
      return rows as RowOf[K][];
    },

    /** The next sort of a city's list: after the last row the app shows there. */
    async nextSort(kind: ContentKind, companyId: number, cityId: number | null): Promise<number> {
      const t = table(kind);
      const rows = await db
        .select({ max: sql<number | null>`max(${t.sort})` })
        .from(t)
        .where(scope(t, companyId, cityId ?? undefined));
      const max = rows[0]?.max;
      return max === null || max === undefined ? 0 : Number(max) + 1;
    },

    async insert<K extends ContentKind>(kind: K, companyId: number, values: ValuesOf[K]): Promise<RowOf[K]> {
      const t = table(kind);
      const rows = await db
        .insert(t)
        .values({ ...(values as BannerValues & NavValues & ColumnValues), companyId })
        .returning();
      return rows[0] as RowOf[K];
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another save came first. */
    async update<K extends ContentKind>(kind: K, companyId: number, id: number, version: number, changes: Partial<ValuesOf[K]>): Promise<RowOf[K] | undefined> {
      const t = table(kind);
      const rows = await db
        .update(t)
        .set({ ...(changes as Partial<BannerValues & NavValues & ColumnValues>), version: sql`${t.version} + 1` })
        .where(and(eq(t.companyId, companyId), eq(t.id, id), eq(t.version, version)))
        .returning();
      return rows[0] as RowOf[K] | undefined;
    },

    async remove(kind: ContentKind, companyId: number, id: number, version: number): Promise<boolean> {
      const t = table(kind);
      if (kind === 'column') await db.delete(indexColumnHouse).where(eq(indexColumnHouse.columnId, id));
      const rows = await db
        .delete(t)
        .where(and(eq(t.companyId, companyId), eq(t.id, id), eq(t.version, version)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    // Columns' listings.

    /** The listings of the columns, in each column's order, with their names and active flags. */
    async columnHouses(companyId: number, columnIds: number[]) {
      if (columnIds.length === 0) return [];
      return db
        .select({ columnId: indexColumnHouse.columnId, id: house.id, name: house.name, active: house.active })
        .from(indexColumnHouse)
        .innerJoin(house, eq(house.id, indexColumnHouse.houseId))
        .where(and(inArray(indexColumnHouse.columnId, columnIds), eq(house.companyId, companyId)))
        .orderBy(asc(indexColumnHouse.columnId), asc(indexColumnHouse.sort), asc(house.id));
    },

    async replaceColumnHouses(columnId: number, houseIds: number[]): Promise<void> {
      await db.delete(indexColumnHouse).where(eq(indexColumnHouse.columnId, columnId));
      if (houseIds.length) await db.insert(indexColumnHouse).values(houseIds.map((houseId, sort) => ({ columnId, houseId, sort })));
    },

    // References the content names.

    async housesOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: house.id })
        .from(house)
        .where(and(eq(house.companyId, companyId), inArray(house.id, ids)));
      return rows.map((r) => r.id);
    },

    async featureOfCompany(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .select({ id: houseFeature.id })
        .from(houseFeature)
        .where(and(eq(houseFeature.companyId, companyId), eq(houseFeature.id, id)))
        .limit(1);
      return rows.length > 0;
    },

    async features(companyId: number) {
      return db
        .select({ id: houseFeature.id, name: houseFeature.name })
        .from(houseFeature)
        .where(eq(houseFeature.companyId, companyId));
    },

    // Cities.

    cityOfCompany(companyId: number, cityId: number): Promise<boolean> {
      return cityOfCompany(db, companyId, cityId);
    },
  };
}
export type IndexConsoleRepository = ReturnType<typeof createIndexConsoleRepository>;
