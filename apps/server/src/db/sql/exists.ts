import { CHANNEL_ROLES } from '@baobei/shared/rules/roles';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { city, user } from '../schema';

/** Whether any row of `table` matches `where`: `select 1 … limit 1`, one index probe. */
export async function exists(db: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/**
 * An account of the company (any role, active or not) holds the phone, other than `exceptId`: one
 * account per phone in a company, which creating, registering, approving and renaming all ask.
 */
export function phoneHeld(db: Executor, companyId: number, phone: string, exceptId?: number): Promise<boolean> {
  return exists(db, user, and(eq(user.companyId, companyId), eq(user.phone, phone), exceptId === undefined ? undefined : ne(user.id, exceptId)));
}

/** An active channel contact (渠道 or 渠道经理) of the company: whom a distributor may be given to. */
export function isActiveChannelContact(db: Executor, companyId: number, id: number): Promise<boolean> {
  return exists(db, user, and(eq(user.companyId, companyId), eq(user.id, id), inArray(user.role, [...CHANNEL_ROLES]), eq(user.active, true)));
}

/** A city of the company's own tree. */
export function cityOfCompany(db: Executor, companyId: number, cityId: number): Promise<boolean> {
  return exists(db, city, and(eq(city.companyId, companyId), eq(city.id, cityId)));
}
