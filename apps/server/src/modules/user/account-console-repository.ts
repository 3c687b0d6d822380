import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccountRole } from '@baobei/shared/schemas/admin-account';
import type { Executor } from '../../db/client';
import { auditorScope, city, distributor, house, session, user } from '../../db/schema';
import { phoneHeld } from '../../db/sql/exists';
import { isCityRow } from '../../db/sql/regions';

export type AccountRow = Pick<
  typeof user.$inferSelect,
  'id' | 'companyId' | 'role' | 'name' | 'phone' | 'active' | 'vacation' | 'manageArea' | 'mustChangePassword' | 'consoleScope' | 'version' | 'createdAt' | 'updatedAt'
>;
export type AccountChanges = Partial<Pick<typeof user.$inferInsert, 'name' | 'phone' | 'role' | 'vacation' | 'manageArea' | 'active' | 'consoleScope'>>;

const columns = {
  id: user.id,
  companyId: user.companyId,
  role: user.role,
  name: user.name,
  phone: user.phone,
  active: user.active,
  vacation: user.vacation,
  manageArea: user.manageArea,
  mustChangePassword: user.mustChangePassword,
  consoleScope: user.consoleScope,
  version: user.version,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The console's accounts (issue 16, item 2; docs/decisions/047). Every statement names the
 * company, and every read of an account the roles the console manages, so an account of another
 * company or of another kind (distributor staff, PLATFORM_ADMIN) is never found.
 */
export function createAccountConsoleRepository(db: Executor) {
  const ofCompany = (companyId: number, roles: readonly AccountRole[]) => and(eq(user.companyId, companyId), inArray(user.role, [...roles]));

  return {
    async list(companyId: number, roles: readonly AccountRole[], filters: { keyword?: string; active?: boolean }, page: number, pageSize: number) {
      const like = filters.keyword ? `%${escapeLike(filters.keyword)}%` : null;
      const where: SQL | undefined = and(
        ofCompany(companyId, roles),
        like ? or(sql`${user.name} ilike ${like}`, sql`${user.phone} like ${like}`) : undefined,
        filters.active === undefined ? undefined : eq(user.active, filters.active),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(user)
          .where(where)
          .orderBy(desc(user.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(user).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(companyId: number, roles: readonly AccountRole[], id: number): Promise<AccountRow | undefined> {
      const rows = await db.select(columns).from(user).where(and(ofCompany(companyId, roles), eq(user.id, id))).limit(1);
      return rows[0];
    },

    /** Those of `ids` that are accounts of the company in `roles`, with their versions (a batch's check). */
    async versionsOf(companyId: number, roles: readonly AccountRole[], ids: number[]): Promise<Map<number, number>> {
      const rows = await db.select({ id: user.id, version: user.version }).from(user).where(and(ofCompany(companyId, roles), inArray(user.id, ids)));
      return new Map(rows.map((r) => [r.id, r.version]));
    },

    /** The row, locked until the transaction ends (two changes of one account take turns). */
    async lock(companyId: number, roles: readonly AccountRole[], id: number): Promise<AccountRow | undefined> {
      const rows = await db.select(columns).from(user).where(and(ofCompany(companyId, roles), eq(user.id, id))).for('update').limit(1);
      return rows[0];
    },

    /** Any account of the company (any role) holds the phone, other than `exceptId`. */
    phoneTaken(companyId: number, phone: string, exceptId?: number): Promise<boolean> {
      return phoneHeld(db, companyId, phone, exceptId);
    },

    /** Changes and bumps the version, if it is still `version`; undefined when another change came first. */
    async update(companyId: number, id: number, version: number, changes: AccountChanges): Promise<AccountRow | undefined> {
      const rows = await db
        .update(user)
        .set({ ...changes, version: sql`${user.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(user.companyId, companyId), eq(user.id, id), eq(user.version, version)))
        .returning(columns);
      return rows[0];
    },

    async liveSessions(companyId: number, userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: session.userId, n: count() })
        .from(session)
        .where(and(eq(session.companyId, companyId), inArray(session.userId, userIds), isNull(session.revokedAt), gt(session.expiresAt, sql`now()`)))
        .groupBy(session.userId);
      return new Map(rows.map((r) => [r.userId, r.n]));
    },

    async scopesOf(companyId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          auditorId: auditorScope.auditorId,
          houseId: auditorScope.houseId,
          cityId: auditorScope.cityId,
          houseName: house.name,
          cityName: city.name,
        })
        .from(auditorScope)
        .leftJoin(house, eq(house.id, auditorScope.houseId))
        .leftJoin(city, eq(city.id, auditorScope.cityId))
        .where(and(eq(auditorScope.companyId, companyId), inArray(auditorScope.auditorId, userIds)))
        .orderBy(asc(auditorScope.id));
    },

    async distributorsOf(companyId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ id: distributor.id, name: distributor.name, channelUserId: distributor.channelUserId })
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), inArray(distributor.channelUserId, userIds)))
        .orderBy(asc(distributor.id));
    },

    /** Those of `ids` that are listings of the company. */
    async housesOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: house.id }).from(house).where(and(eq(house.companyId, companyId), inArray(house.id, ids)));
      return rows.map((r) => r.id);
    },

    /** Those of `ids` that are cities (not provinces) of the company. */
    async citiesOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: city.id })
        .from(city)
        .where(and(eq(city.companyId, companyId), isCityRow(companyId), inArray(city.id, ids)));
      return rows.map((r) => r.id);
    },

    async distributorsOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: distributor.id }).from(distributor).where(and(eq(distributor.companyId, companyId), inArray(distributor.id, ids)));
      return rows.map((r) => r.id);
    },

    /** What the forms choose from. */
    async options(companyId: number) {
      const channel = sql<string>`coalesce((select u.name from "user" u where u.id = ${distributor.channelUserId}), '')`;
      const [houses, cities, distributors] = await Promise.all([
        db
          .select({ id: house.id, name: house.name, cityName: city.name })
          .from(house)
          .innerJoin(city, eq(city.id, house.cityId))
          .where(eq(house.companyId, companyId))
          .orderBy(asc(city.name), asc(house.name), asc(house.id)),
        db
          .select({ id: city.id, name: city.name })
          .from(city)
          .where(and(eq(city.companyId, companyId), isCityRow(companyId)))
          .orderBy(asc(city.sort), asc(city.id)),
        db
          .select({ id: distributor.id, name: distributor.name, channelUserId: distributor.channelUserId, channelName: channel })
          .from(distributor)
          .where(eq(distributor.companyId, companyId))
          .orderBy(asc(distributor.name), asc(distributor.id)),
      ]);
      return { houses, cities, distributors };
    },
  };
}
export type AccountConsoleRepository = ReturnType<typeof createAccountConsoleRepository>;
