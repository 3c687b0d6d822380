import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { anonymousName, anonymousPhone } from '@baobei/shared/rules/retention';
import type { Executor } from '../../db/client';
import { customer, customerFollowUp, customerImage, record, user } from '../../db/schema';

/** What an anonymised follow-up note reads (the check wants a note of at least one character). */
export const ANONYMISED_NOTE = '（已匿名化）';

/**
 * The customer book's part of 数据保留 and 个人信息请求 (docs/decisions/093), the customer module's
 * own SQL: a customer's name to 客户X, phone masked, intent and notes emptied, pictures' rows
 * deleted (the files are the upload module's). No tally reads the customer table.
 */
export function createCustomerAnonymiseRepository(db: Executor) {
  /**
   * Customers due under 数据保留: not yet anonymised, every report of theirs anonymised (at least
   * one), and neither a report nor the customer itself newer than `quietSince`.
   */
  async function due(companyId: number, quietSince: Date, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: customer.id })
      .from(customer)
      .where(
        and(
          eq(customer.companyId, companyId),
          isNull(customer.anonymisedAt),
          lt(customer.createdAt, quietSince),
          sql`exists (select 1 from ${record} r where r.customer_id = "customer"."id")`,
          sql`not exists (select 1 from ${record} r where r.customer_id = "customer"."id" and (r.anonymised_at is null or r.created_at >= ${quietSince.toISOString()}::timestamptz))`,
        ),
      )
      .orderBy(asc(customer.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Anonymises these customers of the company; answers their pictures' URLs for the upload module to delete. */
  async function anonymise(tx: Executor, companyId: number, ids: number[], now: Date): Promise<{ customers: number; pictures: string[] }> {
    if (ids.length === 0) return { customers: 0, pictures: [] };
    const rows = await tx
      .select({ id: customer.id, phone: customer.phone })
      .from(customer)
      .where(and(eq(customer.companyId, companyId), inArray(customer.id, ids), isNull(customer.anonymisedAt)))
      .for('update');
    if (rows.length === 0) return { customers: 0, pictures: [] };
    const found = rows.map((r) => r.id);
    const images = await tx.delete(customerImage).where(inArray(customerImage.customerId, found)).returning({ url: customerImage.url });
    await tx.update(customerFollowUp).set({ note: ANONYMISED_NOTE }).where(inArray(customerFollowUp.customerId, found));
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::int, ${anonymousName({ customerId: r.id })}::text, ${anonymousPhone(r.phone)}::text)`),
      sql`, `,
    );
    // The masked phone is not unique per owner: the live-phone index counts only live customers,
    // so an anonymised one is also marked deleted from the book (its reports keep pointing at it).
    await tx.execute(sql`
      update ${customer} c set name = v.anon, phone = v.masked, anchor = '#', intent_level = null, intent_budget = '',
        intent_area = '', intent_layout = '', intent_tags = '[]'::jsonb, anonymised_at = ${now.toISOString()}::timestamptz,
        deleted_at = coalesce(c.deleted_at, ${now.toISOString()}::timestamptz)
      from (values ${values}) as v(id, anon, masked)
      where c.id = v.id`);
    return { customers: rows.length, pictures: images.map((i) => i.url) };
  }

  /** 个人信息请求: the company's customers of a phone, with their owner. */
  async function findByPhone(companyId: number, phone: string) {
    return db
      .select({
        id: customer.id,
        name: customer.name,
        phone: customer.phone,
        ownerName: user.name,
        deleted: sql<boolean>`${customer.deletedAt} is not null`,
        pictures: sql<number>`(select count(*) from ${customerImage} i where i.customer_id = "customer"."id")::int`,
        createdAt: customer.createdAt,
      })
      .from(customer)
      .innerJoin(user, eq(user.id, customer.ownerId))
      .where(and(eq(customer.companyId, companyId), eq(customer.phone, phone)))
      .orderBy(asc(customer.id));
  }

  /** Which of these pictures a customer of the company other than `except` still holds (not deleted with them). */
  async function picturesInUse(tx: Executor, companyId: number, urls: string[], except: number[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const rows = await tx
      .selectDistinct({ url: customerImage.url })
      .from(customerImage)
      .innerJoin(customer, eq(customer.id, customerImage.customerId))
      .where(and(eq(customer.companyId, companyId), inArray(customerImage.url, urls), except.length > 0 ? notInArray(customer.id, except) : undefined));
    return new Set(rows.map((r) => r.url));
  }

  return { due, anonymise, findByPhone, picturesInUse };
}

export type CustomerAnonymiseRepository = ReturnType<typeof createCustomerAnonymiseRepository>;
