import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import type { Executor } from '../../db/client';
import { customer, customerFollowUp, customerImage, house, record, user } from '../../db/schema';
import { customerPageScope, type Viewer } from '../../access/scopes';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';

type CustomerColumns = typeof customer.$inferSelect;
export type CustomerIntentColumns = Pick<CustomerColumns, 'intentLevel' | 'intentBudget' | 'intentArea' | 'intentLayout' | 'intentTags'>;
export type CustomerEdit = Pick<CustomerColumns, 'name' | 'sex' | 'phone' | 'telType' | 'anchor'>;

const live = (companyId: number, id: number) => and(eq(customer.id, id), eq(customer.companyId, companyId), isNull(customer.deletedAt));
const owned = (companyId: number, ownerId: number, id: number) => and(live(companyId, id), eq(customer.ownerId, ownerId));

const intentColumns = {
  intentLevel: customer.intentLevel,
  intentBudget: customer.intentBudget,
  intentArea: customer.intentArea,
  intentLayout: customer.intentLayout,
  intentTags: customer.intentTags,
};

/**
 * A customer's page (docs/decisions/088): the customer within the viewer's scope, its proofs,
 * follow-ups and reports, each one indexed query; the owner's writes of the customer, its
 * intention and its follow-ups.
 */
export function createCustomerPageRepository(db: Executor) {
  return {
    /** The live customer with its owner's name when the viewer may open its page (customerPageScope), else undefined. */
    async viewable(viewer: Viewer, id: number) {
      const rows = await db
        .select({ customer, ownerName: user.name })
        .from(customer)
        .innerJoin(user, eq(user.id, customer.ownerId))
        .where(and(live(viewer.companyId, id), customerPageScope(viewer)))
        .limit(1);
      return rows[0];
    },

    /** The owner's live customer (the writes' check), else undefined. */
    async own(companyId: number, ownerId: number, id: number) {
      const rows = await db.select().from(customer).where(owned(companyId, ownerId, id)).limit(1);
      return rows[0];
    },

    /** Its pictures in upload order, and whether every one has the customer's consent (docs/decisions/095). */
    async images(customerId: number): Promise<{ urls: string[]; consent: boolean }> {
      const rows = await db
        .select({ url: customerImage.url, consentedAt: customerImage.consentedAt })
        .from(customerImage)
        .where(eq(customerImage.customerId, customerId))
        .orderBy(asc(customerImage.id));
      return { urls: rows.map((r) => r.url), consent: rows.every((r) => r.consentedAt !== null) };
    },

    /** 跟进记录 newest first (customer_follow_up_customer_idx), with the author's name. */
    async followUps(companyId: number, customerId: number, limit: number, offset: number) {
      const where = and(eq(customerFollowUp.companyId, companyId), eq(customerFollowUp.customerId, customerId));
      const [list, [total]] = await Promise.all([
        db
          .select({
            id: customerFollowUp.id,
            kind: customerFollowUp.kind,
            note: customerFollowUp.note,
            happenedAt: customerFollowUp.happenedAt,
            authorName: user.name,
          })
          .from(customerFollowUp)
          .innerJoin(user, eq(user.id, customerFollowUp.authorId))
          .where(where)
          .orderBy(desc(customerFollowUp.happenedAt), desc(customerFollowUp.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(customerFollowUp).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    /**
     * The customer's newest reports across listings (record_customer_idx) with the listing's name
     * and phone rule, and how many there are (a window count: the first rows carry it).
     */
    async reports(companyId: number, customerId: number, limit: number) {
      const rows = await db
        .select({
          id: record.id,
          houseId: record.houseId,
          houseName: house.name,
          ruleTel: house.ruleTel,
          status: record.status,
          protectionExpiredAt: record.protectionExpiredAt,
          customerPhone: record.customerPhone,
          createdAt: record.createdAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(record)
        .innerJoin(house, eq(house.id, record.houseId))
        .where(and(eq(record.customerId, customerId), eq(record.companyId, companyId)))
        .orderBy(desc(record.createdAt), desc(record.id))
        .limit(limit);
      return { list: rows, total: rows[0]?.total ?? 0 };
    },

    /**
     * The owner's edit, in one transaction: the customer's fields and its proofs replaced by
     * `pics` (kept ones stay, others go, new ones join). False when it is not the owner's live
     * customer; a phone another of the owner's live customers holds is 409 (customer_owner_phone_live_uq).
     */
    async update(companyId: number, ownerId: number, id: number, values: CustomerEdit, pics: string[], consentedAt: Date): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const rows = await tx.update(customer).set(values).where(owned(companyId, ownerId, id)).returning({ id: customer.id });
          if (rows.length === 0) return false;
          await tx
            .delete(customerImage)
            .where(and(eq(customerImage.customerId, id), pics.length ? notInArray(customerImage.url, pics) : undefined));
          const kept = pics.length
            ? await tx.select({ url: customerImage.url }).from(customerImage).where(and(eq(customerImage.customerId, id), inArray(customerImage.url, pics)))
            : [];
          const have = new Set(kept.map((k) => k.url));
          const fresh = pics.filter((url) => !have.has(url));
          if (fresh.length) await tx.insert(customerImage).values(fresh.map((url) => ({ customerId: id, url, consentedAt })));
          // The edit confirmed the customer's consent for all its pictures (docs/decisions/095),
          // also those kept from before consent was asked.
          if (kept.length) {
            await tx
              .update(customerImage)
              .set({ consentedAt })
              .where(and(eq(customerImage.customerId, id), isNull(customerImage.consentedAt)));
          }
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.customer.phoneDuplicate);
        throw error;
      }
    },

    /** The owner's intention, whole; undefined when it is not the owner's live customer. */
    async setIntent(companyId: number, ownerId: number, id: number, intent: CustomerIntentColumns) {
      const rows = await db.update(customer).set(intent).where(owned(companyId, ownerId, id)).returning(intentColumns);
      return rows[0];
    },

    async addFollowUp(values: typeof customerFollowUp.$inferInsert) {
      const [row] = await db.insert(customerFollowUp).values(values).returning();
      return row!;
    },
  };
}

export type CustomerPageRepository = ReturnType<typeof createCustomerPageRepository>;
