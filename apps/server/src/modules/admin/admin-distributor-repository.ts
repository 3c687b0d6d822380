import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { city, distributor, user } from '../../db/schema';
import { cityOfCompany, isActiveChannelContact } from '../../db/sql/exists';
import { containsPattern } from '../../db/sql/text-search';

export type DistributorRow = typeof distributor.$inferSelect;
/** The columns of distributor the console edits. */
export type DistributorChanges = Partial<
  Pick<DistributorRow, 'name' | 'shortName' | 'address' | 'locationId' | 'channelUserId' | 'managerName' | 'managerPhone' | 'active' | 'disabledAt'>
>;


/**
 * The console's distributor SQL (issue 16, item 1). Every statement names the company
 * (distributor.company_id, user.company_id, distributor_registration.company_id): another
 * company's id finds nothing.
 */
export function createAdminDistributorRepository(db: Executor) {
  const channel = aliasedTable(user, 'channel');
  const listColumns = {
    id: distributor.id,
    name: distributor.name,
    shortName: distributor.shortName,
    creditNo: distributor.creditNo,
    cityId: distributor.locationId,
    cityName: sql<string>`coalesce(${city.name}, '')`,
    managerName: distributor.managerName,
    managerPhone: distributor.managerPhone,
    channelUserId: distributor.channelUserId,
    channelName: sql<string>`coalesce(${channel.name}, '')`,
    channelPhone: sql<string>`coalesce(${channel.phone}, '')`,
    active: distributor.active,
    disabledAt: distributor.disabledAt,
    version: distributor.version,
    createdAt: distributor.createdAt,
    // Written out: inside a select drizzle names columns without their table.
    staffCount: sql<number>`(select count(*)::int from "user" u where u.company_id = "distributor"."company_id" and u.distributor_id = "distributor"."id")`,
  };

  return {
    async list(companyId: number, filters: { keyword?: string; active?: boolean; cityId?: number }, page: number, pageSize: number) {
      const k = filters.keyword ? containsPattern(filters.keyword) : undefined;
      const conditions: (SQL | undefined)[] = [
        eq(distributor.companyId, companyId),
        k
          ? or(ilike(distributor.name, k), ilike(distributor.shortName, k), ilike(distributor.creditNo, k), ilike(distributor.managerPhone, k))
          : undefined,
        filters.active !== undefined ? eq(distributor.active, filters.active) : undefined,
        filters.cityId !== undefined ? eq(distributor.locationId, filters.cityId) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(distributor)
          .leftJoin(city, eq(city.id, distributor.locationId))
          .leftJoin(channel, eq(channel.id, distributor.channelUserId))
          .where(where)
          .orderBy(desc(distributor.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(distributor).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async find(companyId: number, id: number) {
      const rows = await db
        .select({ ...listColumns, address: distributor.address, businessLicensePic: distributor.businessLicensePic, updatedAt: distributor.updatedAt })
        .from(distributor)
        .leftJoin(city, eq(city.id, distributor.locationId))
        .leftJoin(channel, eq(channel.id, distributor.channelUserId))
        .where(and(eq(distributor.companyId, companyId), eq(distributor.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The row, locked until the transaction ends (two saves of one distributor take turns). */
    async lock(companyId: number, id: number): Promise<DistributorRow | undefined> {
      const rows = await db
        .select()
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), eq(distributor.id, id)))
        .for('update')
        .limit(1);
      return rows[0];
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another save came first. */
    async update(companyId: number, id: number, version: number, changes: DistributorChanges): Promise<DistributorRow | undefined> {
      const rows = await db
        .update(distributor)
        .set({ ...changes, version: sql`${distributor.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(distributor.companyId, companyId), eq(distributor.id, id), eq(distributor.version, version)))
        .returning();
      return rows[0];
    },

    async staffOf(companyId: number, distributorId: number) {
      return db
        .select({
          id: user.id,
          name: user.name,
          phone: user.phone,
          role: user.role,
          distributorControl: user.distributorControl,
          shopName: user.shopName,
          managerId: user.managerId,
          active: user.active,
        })
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.distributorId, distributorId)))
        .orderBy(desc(user.distributorControl), asc(user.role), asc(user.id));
    },

    cityOfCompany(companyId: number, cityId: number): Promise<boolean> {
      return cityOfCompany(db, companyId, cityId);
    },

    /** A channel contact (CHANNEL or CHANNELJINGLI, active) of the company, as the registration form offers them. */
    isChannelContact(companyId: number, id: number): Promise<boolean> {
      return isActiveChannelContact(db, companyId, id);
    },

  };
}
