import { CHANNEL_ROLES } from '@baobei/shared/rules/roles';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { city, user } from '../schema';
import { isCityRow } from './regions';

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

/** Those of `phones` an account of the company holds (an import's check). */
export async function phonesHeld(db: Executor, companyId: number, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db.select({ phone: user.phone }).from(user).where(and(eq(user.companyId, companyId), inArray(user.phone, phones)));
  return new Set(rows.map((r) => r.phone));
}

/** The company's active channel contacts among `phones`, by phone (an import names them so). */
export async function activeChannelContactsByPhone(db: Executor, companyId: number, phones: string[]): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, phone: user.phone })
    .from(user)
    .where(and(eq(user.companyId, companyId), inArray(user.phone, phones), inArray(user.role, [...CHANNEL_ROLES]), eq(user.active, true)));
  return new Map(rows.map((r) => [r.phone, r.id]));
}

/** An active channel contact (渠道 or 渠道经理) of the company: whom a distributor may be given to. */
export function isActiveChannelContact(db: Executor, companyId: number, id: number): Promise<boolean> {
  return exists(db, user, and(eq(user.companyId, companyId), eq(user.id, id), inArray(user.role, [...CHANNEL_ROLES]), eq(user.active, true)));
}

/** The company's enabled cities (not provinces) by name: what an import names a city by. */
export async function enabledCitiesByName(db: Executor, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: city.id, name: city.name })
    .from(city)
    .where(and(eq(city.companyId, companyId), isCityRow(companyId), eq(city.enabled, true)));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A city of the company's own tree (not a province, not a district: docs/decisions/086). */
export function cityOfCompany(db: Executor, companyId: number, cityId: number): Promise<boolean> {
  return exists(db, city, and(eq(city.companyId, companyId), eq(city.id, cityId), isCityRow(companyId)));
}
