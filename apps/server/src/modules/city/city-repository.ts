import { and, asc, eq, sql } from 'drizzle-orm';
import type { CityNode } from '@baobei/shared/schemas/session';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';
import type { Executor } from '../../db/client';
import { city } from '../../db/schema';

export type CityRow = typeof city.$inferSelect;

/** Part 1, section 3: the city tree; a node without children carries null. */
export function buildCityTree(rows: readonly CityRow[]): CityNode[] {
  const byParent = new Map<number | null, CityRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): CityNode[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = build(row.id);
      return { id: row.id, text: row.name, value: row.id, children: children.length ? children : null };
    });
  return build(null);
}

/**
 * The cities the app offers (docs/decisions/042): the enabled ones whose province (if any) is
 * enabled too; the console's 城市 switches them.
 */
export function enabledCities(rows: readonly CityRow[]): CityRow[] {
  const on = new Set(rows.filter((c) => c.enabled).map((c) => c.id));
  // Provinces and their cities: districts (a third level, docs/decisions/086) are the console's for now.
  const provinces = new Set(rows.filter((c) => c.parentId === null).map((c) => c.id));
  return rows.filter((c) => c.enabled && (c.parentId === null || (on.has(c.parentId) && provinces.has(c.parentId))));
}

/** What the console changes of a region. */
export type CityChanges = Partial<Pick<CityRow, 'enabled' | 'isDefault' | 'name' | 'latitude' | 'longitude' | 'sort'>>;

export function createCityRepository(db: Executor) {
  return {
    /** The company's enabled cities (enabledCities), as the app offers them. */
    async listByCompany(companyId: number): Promise<CityRow[]> {
      return enabledCities(await db.select().from(city).where(eq(city.companyId, companyId)).orderBy(asc(city.sort), asc(city.id)));
    },

    /** Every city of the company, enabled or not (the console's 城市). */
    async all(companyId: number): Promise<CityRow[]> {
      return db.select().from(city).where(eq(city.companyId, companyId)).orderBy(asc(city.sort), asc(city.id));
    },

    /** Every city of the company, locked for a change of the tree's switches (one default at a time). */
    async lockAll(companyId: number): Promise<CityRow[]> {
      return db.select().from(city).where(eq(city.companyId, companyId)).orderBy(asc(city.id)).for('update');
    },

    audit: (entry: AuditEntry) => writeAuditLog(db, entry),

    async insert(values: { companyId: number; parentId: number | null; name: string; latitude: number | null; longitude: number | null; sort: number; isDefault: boolean }): Promise<CityRow> {
      const rows = await db.insert(city).values(values).returning();
      return rows[0]!;
    },

    async update(companyId: number, id: number, version: number, changes: CityChanges): Promise<CityRow | undefined> {
      const rows = await db
        .update(city)
        .set({ ...changes, version: sql`${city.version} + 1` })
        .where(and(eq(city.companyId, companyId), eq(city.id, id), eq(city.version, version)))
        .returning();
      return rows[0];
    },
  };
}
export type CityRepository = ReturnType<typeof createCityRepository>;
