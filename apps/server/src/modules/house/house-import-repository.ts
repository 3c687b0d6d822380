import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { writeAuditLog, type AuditEntry } from '../../db/audit-log';
import { inStatements, insertReturningIds } from '../../db/bulk';
import { enabledCitiesByName } from '../../db/sql/exists';
import { commissionPolicy, company, house, houseFeature, houseFeatureLink } from '../../db/schema';
import type { HouseValues } from './house-console-repository';

export type PolicyRow = typeof commissionPolicy.$inferInsert;

/** The listing import's reads and its bulk writes (issue 30, item 4), in the import's transaction. */
export function createHouseImportRepository(db: Executor) {
  return {
    citiesByName: (companyId: number): Promise<Map<string, number>> => enabledCitiesByName(db, companyId),

    /** The company's active features by name: a retired one is no choice for a new listing. */
    async activeFeaturesByName(companyId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: houseFeature.id, name: houseFeature.name })
        .from(houseFeature)
        .where(and(eq(houseFeature.companyId, companyId), eq(houseFeature.active, true)));
      return new Map(rows.map((r) => [r.name, r.id]));
    },

    /** `cityId:name` of the company's listings with one of `names` (withdrawn ones too). */
    async existingNames(companyId: number, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ cityId: house.cityId, name: house.name })
        .from(house)
        .where(and(eq(house.companyId, companyId), inArray(house.name, names)));
      return new Set(rows.map((r) => `${r.cityId}:${r.name}`));
    },

    async companyDefaults(companyId: number) {
      const rows = await db
        .select({ defaultProtectHours: company.defaultProtectHours, defaultReportLeadTime: company.defaultReportLeadTime })
        .from(company)
        .where(eq(company.id, companyId))
        .limit(1);
      return rows[0];
    },

    /**
     * The listings, their ids in the given order: matched by city and name, unique within an
     * import, rather than trusting RETURNING's order.
     */
    insertHouses(companyId: number, values: HouseValues[]): Promise<number[]> {
      return insertReturningIds(
        values,
        (v) => `${v.cityId}:${v.name}`,
        async (part) =>
          (
            await db
              .insert(house)
              .values(part.map((v) => ({ ...v, companyId })))
              .returning({ id: house.id, cityId: house.cityId, name: house.name })
          ).map((r) => ({ id: r.id, key: `${r.cityId}:${r.name}` })),
      );
    },

    async insertFeatureLinks(links: { houseId: number; featureId: number }[]): Promise<void> {
      await inStatements(links, (part) => db.insert(houseFeatureLink).values(part));
    },

    async insertPolicies(policies: PolicyRow[]): Promise<void> {
      await inStatements(policies, (part) => db.insert(commissionPolicy).values(part));
    },

    insertAudit: (entries: AuditEntry[]): Promise<void> => writeAuditLog(db, entries),
  };
}
