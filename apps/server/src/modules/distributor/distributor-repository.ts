import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertReturningIds } from '../../db/bulk';
import { city, distributor, user } from '../../db/schema';
import { activeChannelContactsByPhone, cityOfCompany, enabledCitiesByName, isActiveChannelContact, phoneHeld, phonesHeld } from '../../db/sql/exists';
import { containsPattern } from '../../db/sql/text-search';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

export type DistributorRow = typeof distributor.$inferSelect;
export type NewDistributor = typeof distributor.$inferInsert;
/** The columns of distributor the console edits. */
export type DistributorChanges = Partial<
  Pick<DistributorRow, 'name' | 'shortName' | 'address' | 'locationId' | 'channelUserId' | 'managerName' | 'managerPhone' | 'active' | 'disabledAt'>
>;

/**
 * The distributor table's one writer (issue 29, item 1), and the console's reads of it (issue 16,
 * item 1). Every statement names the company (distributor.company_id, user.company_id): another
 * company's id finds nothing.
 */
export function createDistributorRepository(db: Executor) {
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

    /** The audit row of a console change, in the change's transaction. */
    insertAudit: (entry: AuditEntry): Promise<void> => writeAuditLog(db, entry),

    /** A new distributor (an approved registration); a taken credit number fails on distributor_credit_no_uq. */
    /** Whether any account of the company holds the phone (a new general account's must be free). */
    phoneHeld: (companyId: number, phone: string): Promise<boolean> => phoneHeld(db, companyId, phone),

    /** Several distributors of one company (an import): their ids in the given order, matched by credit code. */
    insertMany(values: NewDistributor[]): Promise<number[]> {
      return insertReturningIds(
        values,
        (v) => v.creditNo,
        async (part) => db.insert(distributor).values(part).returning({ id: distributor.id, key: distributor.creditNo }),
      );
    },

    // An import's lookups (issue 30, item 4), each one statement.
    citiesByName: (companyId: number) => enabledCitiesByName(db, companyId),
    channelContactsByPhone: (companyId: number, phones: string[]) => activeChannelContactsByPhone(db, companyId, phones),
    phonesHeld: (companyId: number, phones: string[]) => phonesHeld(db, companyId, phones),

    /** The company's distributors among `names` (full names) and `creditNos` (an import's check). */
    async byNamesOrCreditNos(companyId: number, names: string[], creditNos: string[]) {
      if (names.length === 0 && creditNos.length === 0) return [];
      return db
        .select({ id: distributor.id, name: distributor.name, creditNo: distributor.creditNo })
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), or(inArray(distributor.name, names.length ? names : ['']), inArray(distributor.creditNo, creditNos.length ? creditNos : ['']))));
    },

    async insert(values: NewDistributor): Promise<number> {
      const rows = await db.insert(distributor).values(values).returning({ id: distributor.id });
      return rows[0]!.id;
    },

    /**
     * The channel user looks after exactly these distributors: theirs is set to it (taken from
     * whoever had them), the ones it had and no longer has are left without a channel. Each
     * distributor changed gets a new version (migration 0016), so an open distributor form is stale.
     */
    async replaceChannel(companyId: number, userId: number, distributorIds: number[]): Promise<void> {
      const bump = { version: sql`${distributor.version} + 1`, updatedAt: sql`now()` };
      await db
        .update(distributor)
        .set({ channelUserId: null, ...bump })
        .where(
          and(
            eq(distributor.companyId, companyId),
            eq(distributor.channelUserId, userId),
            distributorIds.length ? notInArray(distributor.id, distributorIds) : undefined,
          ),
        );
      if (distributorIds.length) {
        await db
          .update(distributor)
          .set({ channelUserId: userId, ...bump })
          .where(
            and(
              eq(distributor.companyId, companyId),
              inArray(distributor.id, distributorIds),
              or(isNull(distributor.channelUserId), sql`${distributor.channelUserId} <> ${userId}`),
            ),
          );
      }
    },
  };
}
