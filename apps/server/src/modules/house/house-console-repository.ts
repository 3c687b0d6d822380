import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { writeAuditLog, type AuditEntry } from '../../db/audit-log';
import type { Executor } from '../../db/client';
import { auditLog, city, commissionPolicy, company, house, houseContact, houseFeature, houseFeatureLink, housePicture, houseUnitType, user } from '../../db/schema';
import { cityOfCompany } from '../../db/sql/exists';
import { containsPattern } from '../../db/sql/text-search';

export type HouseRow = typeof house.$inferSelect;
/** The columns of house the console writes (not id, company, external link, active, version, times). */
export type HouseValues = Omit<typeof house.$inferInsert, 'id' | 'companyId' | 'externalLinkVersion' | 'active' | 'version' | 'createdAt' | 'updatedAt'>;
export type HouseChanges = Partial<HouseValues> & { active?: boolean };

export interface ContactValues {
  kind: 'ONSITE' | 'CHANNEL';
  name: string;
  phone: string;
}
export interface PictureValues {
  picType: 'EFFECT' | 'REAL' | 'SAMPLE' | 'PLAN' | 'AROUND';
  albumName: string;
  picUrl: string;
  description: string;
}
export interface UnitTypeValues {
  typeName: string;
  typeThumb: string;
  typeDescription: string;
  typeTheme: string;
  discountPolicy: string;
  floorArea: number | null;
  pictures: { picUrl: string; description: string }[];
}
export type PolicyValues = Omit<typeof commissionPolicy.$inferInsert, 'id' | 'houseId' | 'sort'>;


/**
 * The console's listing SQL (issue 15, item 4). Every statement on a listing names its company
 * (house.company_id), so another company's id finds nothing; the nested tables are reached
 * only through a listing the caller's company owns (the service found or locked it first).
 */
export function createHouseConsoleRepository(db: Executor) {
  return {
    /** A listing's change in 操作日志 (docs/decisions/050), in the change's transaction. */
    insertAudit: (entry: Omit<AuditEntry, 'entity'>): Promise<void> => writeAuditLog(db, { ...entry, entity: 'house' }),

    /** The company's defaults a new listing starts from (its settings). */
    async companyDefaults(companyId: number): Promise<{ defaultProtectHours: number; defaultReportLeadTime: number } | undefined> {
      const rows = await db
        .select({ defaultProtectHours: company.defaultProtectHours, defaultReportLeadTime: company.defaultReportLeadTime })
        .from(company)
        .where(eq(company.id, companyId))
        .limit(1);
      return rows[0];
    },

    async find(companyId: number, id: number): Promise<(HouseRow & { cityName: string }) | undefined> {
      const rows = await db
        .select({ house, cityName: city.name })
        .from(house)
        .innerJoin(city, eq(city.id, house.cityId))
        .where(and(eq(house.companyId, companyId), eq(house.id, id)))
        .limit(1);
      return rows[0] ? { ...rows[0].house, cityName: rows[0].cityName } : undefined;
    },

    /** The row, locked until the transaction ends (two saves of one listing take turns). */
    async lock(companyId: number, id: number): Promise<HouseRow | undefined> {
      const rows = await db
        .select()
        .from(house)
        .where(and(eq(house.companyId, companyId), eq(house.id, id)))
        .for('update')
        .limit(1);
      return rows[0];
    },

    cityOfCompany(companyId: number, cityId: number): Promise<boolean> {
      return cityOfCompany(db, companyId, cityId);
    },

    /** Those of `ids` that are features of the company a listing may be given: the active ones, and those listing `houseId` has already. */
    async featuresOfCompany(companyId: number, ids: number[], houseId?: number): Promise<number[]> {
      if (ids.length === 0) return [];
      const kept = houseId === undefined ? undefined : sql`exists (select 1 from house_feature_link l where l.house_id = ${houseId} and l.feature_id = ${houseFeature.id})`;
      const rows = await db
        .select({ id: houseFeature.id })
        .from(houseFeature)
        .where(and(eq(houseFeature.companyId, companyId), inArray(houseFeature.id, ids), kept ? or(eq(houseFeature.active, true), kept) : eq(houseFeature.active, true)));
      return rows.map((r) => r.id);
    },

    /** Those of `ids` that are listings of the company (a batch's check). */
    async idsOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      const rows = await db.select({ id: house.id }).from(house).where(and(eq(house.companyId, companyId), inArray(house.id, ids)));
      return rows.map((r) => r.id);
    },

    async insert(companyId: number, values: HouseValues): Promise<HouseRow> {
      const rows = await db
        .insert(house)
        .values({ ...values, companyId })
        .returning();
      return rows[0]!;
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another save came first. */
    async update(companyId: number, id: number, version: number, changes: HouseChanges): Promise<HouseRow | undefined> {
      const rows = await db
        .update(house)
        .set({ ...changes, version: sql`${house.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(house.companyId, companyId), eq(house.id, id), eq(house.version, version)))
        .returning();
      return rows[0];
    },

    async featuresOf(houseId: number) {
      return db
        .select({ id: houseFeature.id, name: houseFeature.name })
        .from(houseFeatureLink)
        .innerJoin(houseFeature, eq(houseFeature.id, houseFeatureLink.featureId))
        .where(eq(houseFeatureLink.houseId, houseId))
        .orderBy(asc(houseFeature.sort), asc(houseFeature.id));
    },

    /** The features of several listings (a page of the list), in the features' order. */
    async featuresOfHouses(houseIds: number[]) {
      if (houseIds.length === 0) return [];
      return db
        .select({ houseId: houseFeatureLink.houseId, id: houseFeature.id, name: houseFeature.name })
        .from(houseFeatureLink)
        .innerJoin(houseFeature, eq(houseFeature.id, houseFeatureLink.featureId))
        .where(inArray(houseFeatureLink.houseId, houseIds))
        .orderBy(asc(houseFeature.sort), asc(houseFeature.id));
    },

    async contactsOf(houseId: number): Promise<ContactValues[]> {
      return db
        .select({ kind: houseContact.kind, name: houseContact.name, phone: houseContact.phone })
        .from(houseContact)
        .where(eq(houseContact.houseId, houseId))
        .orderBy(asc(houseContact.id));
    },

    async picturesOf(houseId: number) {
      return db
        .select({
          unitTypeId: housePicture.unitTypeId,
          picType: housePicture.picType,
          albumName: housePicture.albumName,
          picUrl: housePicture.picUrl,
          description: housePicture.description,
        })
        .from(housePicture)
        .where(eq(housePicture.houseId, houseId))
        .orderBy(asc(housePicture.sort), asc(housePicture.id));
    },

    async unitTypesOf(houseId: number) {
      return db.select().from(houseUnitType).where(eq(houseUnitType.houseId, houseId)).orderBy(asc(houseUnitType.sort), asc(houseUnitType.id));
    },

    async policiesOf(houseId: number) {
      return db
        .select()
        .from(commissionPolicy)
        .where(eq(commissionPolicy.houseId, houseId))
        .orderBy(asc(commissionPolicy.sort), asc(commissionPolicy.id));
    },

    async replaceFeatures(houseId: number, featureIds: number[]): Promise<void> {
      await db.delete(houseFeatureLink).where(eq(houseFeatureLink.houseId, houseId));
      const unique = [...new Set(featureIds)];
      if (unique.length) await db.insert(houseFeatureLink).values(unique.map((featureId) => ({ houseId, featureId })));
    },

    async replaceContacts(houseId: number, contacts: ContactValues[]): Promise<void> {
      await db.delete(houseContact).where(eq(houseContact.houseId, houseId));
      if (contacts.length) await db.insert(houseContact).values(contacts.map((c) => ({ ...c, houseId })));
    },

    /** Albums and unit types with their plan pictures: pictures first (they point at unit types). */
    async replaceAlbumsAndUnitTypes(houseId: number, albums: PictureValues[] | undefined, unitTypes: UnitTypeValues[] | undefined): Promise<void> {
      if (albums) await db.delete(housePicture).where(and(eq(housePicture.houseId, houseId), sql`${housePicture.unitTypeId} is null`));
      if (unitTypes) {
        await db.delete(housePicture).where(and(eq(housePicture.houseId, houseId), sql`${housePicture.unitTypeId} is not null`));
        await db.delete(houseUnitType).where(eq(houseUnitType.houseId, houseId));
      }
      if (albums?.length) await db.insert(housePicture).values(albums.map((p, sort) => ({ ...p, houseId, sort })));
      for (const [sort, { pictures, ...values }] of (unitTypes ?? []).entries()) {
        const [row] = await db
          .insert(houseUnitType)
          .values({ ...values, houseId, sort })
          .returning({ id: houseUnitType.id });
        if (pictures.length) {
          await db.insert(housePicture).values(
            pictures.map((p, i) => ({ ...p, houseId, unitTypeId: row!.id, picType: 'UNIT' as const, albumName: values.typeName, sort: i })),
          );
        }
      }
    },

    async replacePolicies(houseId: number, policies: PolicyValues[]): Promise<void> {
      await db.delete(commissionPolicy).where(eq(commissionPolicy.houseId, houseId));
      if (policies.length) await db.insert(commissionPolicy).values(policies.map((p, sort) => ({ ...p, houseId, sort })));
    },

    /** The company's listings, withdrawn included, newest first, with their report counts (record_house_status_visit_idx). */
    async list(
      companyId: number,
      filters: { keyword?: string; cityId?: number; sellingStatus?: string; featureId?: number; tag?: string; active?: boolean },
      page: number,
      pageSize: number,
    ) {
      const conditions: (SQL | undefined)[] = [
        eq(house.companyId, companyId),
        filters.keyword ? ilike(house.name, containsPattern(filters.keyword)) : undefined,
        filters.cityId !== undefined ? eq(house.cityId, filters.cityId) : undefined,
        filters.sellingStatus ? sql`${house.sellingStatus} = ${filters.sellingStatus}` : undefined,
        filters.featureId !== undefined
          ? sql`exists (select 1 from house_feature_link l where l.house_id = ${house.id} and l.feature_id = ${filters.featureId})`
          : undefined,
        filters.tag ? sql`${filters.tag} = any(${house.tags})` : undefined,
        filters.active !== undefined ? eq(house.active, filters.active) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: house.id,
            name: house.name,
            cityId: house.cityId,
            cityName: city.name,
            packagePrice: house.packagePrice,
            averagePrice: house.averagePrice,
            sellingStatus: house.sellingStatus,
            tags: house.tags,
            buildingDiagram: house.buildingDiagram,
            active: house.active,
            sort: house.sort,
            version: house.version,
            updatedAt: house.updatedAt,
            // Written out: inside a select drizzle names columns without their table.
            reportCount: sql<number>`(select count(*)::int from record r where r.company_id = "house"."company_id" and r.house_id = "house"."id")`,
          })
          .from(house)
          .innerJoin(city, eq(city.id, house.cityId))
          .where(where)
          .orderBy(desc(house.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(house).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A listing's audit rows, newest first, with the actor's name. */
    async history(companyId: number, houseId: number, page: number, pageSize: number) {
      const where = and(eq(auditLog.companyId, companyId), eq(auditLog.entity, 'house'), eq(auditLog.entityId, houseId));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: auditLog.id, action: auditLog.action, actorId: auditLog.actorId, actorName: user.name, detail: auditLog.detail, createdAt: auditLog.createdAt })
          .from(auditLog)
          .leftJoin(user, eq(user.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type HouseConsoleRepository = ReturnType<typeof createHouseConsoleRepository>;
