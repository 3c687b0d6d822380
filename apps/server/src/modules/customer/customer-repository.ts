import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';
import { preparedEverywhere } from '../../lib/prepared';
import { customer, customerImage, user } from '../../db/schema';
import { escapeLike } from '../../db/sql/text-search';
import { staffScope, type StaffViewer } from '../../access/scopes';

/** picConsent: every picture has the customer's recorded separate consent (docs/decisions/095). */
export type CustomerRow = typeof customer.$inferSelect & { customerPic: string[]; picConsent: boolean };

export function createCustomerRepository(db: Executor) {
  async function withImages(rows: (typeof customer.$inferSelect)[]): Promise<CustomerRow[]> {
    if (rows.length === 0) return [];
    const images = await db
      .select({ customerId: customerImage.customerId, url: customerImage.url, consentedAt: customerImage.consentedAt })
      .from(customerImage)
      .where(inArray(customerImage.customerId, rows.map((r) => r.id)))
      .orderBy(asc(customerImage.id));
    return rows.map((r) => {
      const own = images.filter((i) => i.customerId === r.id);
      return { ...r, customerPic: own.map((i) => i.url), picConsent: own.every((i) => i.consentedAt !== null) };
    });
  }

  return {
    /** The owner's live customers; the keyword is a substring of the name or the phone. */
    async listOwn(companyId: number, ownerId: number, keyword: string): Promise<CustomerRow[]> {
      const pattern = `%${escapeLike(keyword)}%`;
      const rows = await db
        .select()
        .from(customer)
        .where(
          and(
            eq(customer.companyId, companyId),
            eq(customer.ownerId, ownerId),
            isNull(customer.deletedAt),
            keyword ? or(ilike(customer.name, pattern), ilike(customer.phone, pattern)) : undefined,
          ),
        )
        .orderBy(asc(customer.id));
      return withImages(rows);
    },

    /**
     * 公司客户 (docs/decisions/024): the live customers whose owner is in the DIANZHANG's staff
     * scope (the shop manager and their brokers, or the general account's whole distributor;
     * always within the company), each with the owner's name, in one query.
     */
    async listOfScope(viewer: StaffViewer, keyword: string) {
      const pattern = `%${escapeLike(keyword)}%`;
      return db
        .select({
          id: customer.id,
          name: customer.name,
          sex: customer.sex,
          phone: customer.phone,
          telType: customer.telType,
          anchor: customer.anchor,
          ownerId: customer.ownerId,
          ownerName: user.name,
        })
        .from(customer)
        .innerJoin(user, eq(user.id, customer.ownerId))
        .where(
          and(
            eq(customer.companyId, viewer.companyId),
            staffScope(viewer),
            isNull(customer.deletedAt),
            keyword ? or(ilike(customer.name, pattern), ilike(customer.phone, pattern)) : undefined,
          ),
        )
        .orderBy(asc(customer.id));
    },

    async findOwnByPhone(companyId: number, ownerId: number, phone: string) {
      const rows = await db
        .select({ id: customer.id })
        .from(customer)
        .where(and(eq(customer.companyId, companyId), eq(customer.ownerId, ownerId), eq(customer.phone, phone), isNull(customer.deletedAt)))
        .limit(1);
      return rows[0];
    },

    /**
     * A new live customer. Two racing adds of one phone both pass the service's check; the
     * live-customer unique index (customer_owner_phone_live_uq) keeps one and the other is 409.
     */
    async insert(values: typeof customer.$inferInsert, pics: string[], consentedAt: Date): Promise<CustomerRow> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(customer).values(values).returning();
          if (pics.length) await tx.insert(customerImage).values(pics.map((url) => ({ customerId: row!.id, url, consentedAt })));
          return { ...row!, customerPic: pics, picConsent: true };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.customer.phoneDuplicate);
        throw error;
      }
    },

    /** Soft delete of the owner's own live customer; false when there is none. */
    async softDelete(companyId: number, ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(customer)
        .set({ deletedAt: new Date() })
        .where(and(eq(customer.id, id), eq(customer.companyId, companyId), eq(customer.ownerId, ownerId), isNull(customer.deletedAt)))
        .returning({ id: customer.id });
      return rows.length > 0;
    },

    /** Viewing staff: active shop managers and brokers of the distributor. */
    async distributorStaff(companyId: number, distributorId: number) {
      return db
        .select({ name: user.name, phone: user.phone })
        .from(user)
        .where(
          and(
            eq(user.companyId, companyId),
            eq(user.distributorId, distributorId),
            eq(user.active, true),
            inArray(user.role, ['DIANZHANG', 'YUEWUYUAN']),
          ),
        )
        .orderBy(asc(user.id));
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;

/** A report's customer as the submit saves it (record-service, through `app.customers`). */
export interface ReportCustomer {
  companyId: number;
  ownerId: number;
  distributorId: number | null;
  name: string;
  sex: number;
  phone: string;
  telType: number;
  anchor: string;
  pics: string[];
  /** The submit's moment, when the reporter confirmed the customer's consent to `pics` (docs/decisions/095). */
  consentedAt: Date;
}

/**
 * The report submit's save of its customers, on the submit's hot path: its statement is prepared
 * once per connection (lib/prepared.ts), so it is made once, with the module, not per call.
 */
export function createReportCustomerWriter(db: Executor) {
  const upsert = preparedEverywhere(db, () =>
    db
      .insert(customer)
      .values({
        companyId: sql.placeholder('companyId'),
        ownerId: sql.placeholder('ownerId'),
        distributorId: sql.placeholder('distributorId'),
        name: sql.placeholder('name'),
        sex: sql.placeholder('sex'),
        phone: sql.placeholder('phone'),
        telType: sql.placeholder('telType'),
        anchor: sql.placeholder('anchor'),
      })
      // The owner's live customer with this phone (customer_owner_phone_live_uq) is updated instead.
      .onConflictDoUpdate({
        target: [customer.companyId, customer.ownerId, customer.phone],
        targetWhere: sql`${customer.deletedAt} is null`,
        set: { name: sql`excluded."name"`, sex: sql`excluded."sex"`, telType: sql`excluded."tel_type"`, anchor: sql`excluded."anchor"` },
      })
      .returning({ id: customer.id })
      .prepare('submit_customer'),
  );

  return {
    /**
     * The owner's live customer with this phone, made when missing (one statement: an insert
     * that updates the live row of customer_owner_phone_live_uq instead, so a racing submit for
     * the same customer waits for the other's row and updates it); images added once each.
     */
    async save(tx: Executor, values: ReportCustomer): Promise<number> {
      const { pics, consentedAt, ...row } = values;
      const [upserted] = await upsert(tx).execute(row);
      const id = upserted!.id;
      if (pics.length) {
        const existing = await tx
          .select({ url: customerImage.url, consentedAt: customerImage.consentedAt })
          .from(customerImage)
          .where(eq(customerImage.customerId, id));
        const have = new Set(existing.map((e) => e.url));
        const fresh = pics.filter((u) => !have.has(u));
        if (fresh.length) await tx.insert(customerImage).values(fresh.map((url) => ({ customerId: id, url, consentedAt })));
        // Pictures kept from before consent was asked get it now: the submit confirmed it for them.
        const unconsented = existing.filter((e) => e.consentedAt === null && pics.includes(e.url)).map((e) => e.url);
        if (unconsented.length) {
          await tx
            .update(customerImage)
            .set({ consentedAt })
            .where(and(eq(customerImage.customerId, id), inArray(customerImage.url, unconsented), isNull(customerImage.consentedAt)));
        }
      }
      return id;
    },
  };
}
