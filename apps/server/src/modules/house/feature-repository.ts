import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';
import { queryRows, type Executor } from '../../db/client';
import { houseFeature } from '../../db/schema';

export type FeatureRow = typeof houseFeature.$inferSelect;

/** How many listings have the feature (retired or not). */
const houseCountOf = (featureId: SQL | number) => sql<number>`(select count(*)::int from house_feature_link l where l.feature_id = ${featureId})`;
export type FeatureChanges = Partial<Pick<FeatureRow, 'name' | 'icon' | 'active' | 'sort'>>;

/** Listing features (特色, houseTese): filter options and the home navigation grid; the console's 楼盘特色. */
export function createFeatureRepository(db: Executor) {
  return {
    /** The features the app and the forms offer: the active ones, in the company's order. */
    async listByCompany(companyId: number) {
      return db
        .select({ id: houseFeature.id, name: houseFeature.name, icon: houseFeature.icon })
        .from(houseFeature)
        .where(and(eq(houseFeature.companyId, companyId), eq(houseFeature.active, true)))
        .orderBy(asc(houseFeature.sort), asc(houseFeature.id));
    },

    /** Every feature of the company, retired ones included, with how many listings have each (the console). */
    async allWithCounts(companyId: number) {
      return db
        .select({
          row: houseFeature,
          houseCount: houseCountOf(sql`${houseFeature.id}`),
        })
        .from(houseFeature)
        .where(eq(houseFeature.companyId, companyId))
        .orderBy(asc(houseFeature.sort), asc(houseFeature.id));
    },

    /** Every feature of the company, locked: one change of names or order at a time. */
    async lockAll(companyId: number): Promise<FeatureRow[]> {
      return db.select().from(houseFeature).where(eq(houseFeature.companyId, companyId)).orderBy(asc(houseFeature.sort), asc(houseFeature.id)).for('update');
    },

    async insert(values: { companyId: number; name: string; icon: string; sort: number }): Promise<FeatureRow> {
      const rows = await db.insert(houseFeature).values(values).returning();
      return rows[0]!;
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another save came first. */
    async update(companyId: number, id: number, version: number, changes: FeatureChanges): Promise<FeatureRow | undefined> {
      const rows = await db
        .update(houseFeature)
        .set({ ...changes, version: sql`${houseFeature.version} + 1` })
        .where(and(eq(houseFeature.companyId, companyId), eq(houseFeature.id, id), eq(houseFeature.version, version)))
        .returning();
      return rows[0];
    },

    async houseCount(featureId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`select ${houseCountOf(featureId)} as n`);
      return row?.n ?? 0;
    },

    audit: (entry: AuditEntry) => writeAuditLog(db, entry),
  };
}
export type FeatureRepository = ReturnType<typeof createFeatureRepository>;
