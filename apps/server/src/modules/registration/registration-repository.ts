import { aliasedTable, and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { CHANNEL_ROLES } from '@baobei/shared/rules/roles';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import type { Executor } from '../../db/client';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import type { KeysetWindow } from '../../lib/paging';
import { violatedConstraint } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';
import { city, distributor, distributorRegistration, user } from '../../db/schema';
import { cityOfCompany, exists, isActiveChannelContact, phoneHeld } from '../../db/sql/exists';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

export type RegistrationRow = typeof distributorRegistration.$inferSelect;



/** The rule a unique index stands for, as the 409 of its existing message. */
const CONFLICTS: Record<string, string> = {
  registration_pending_phone_uq: messages.registration.phonePending,
  registration_pending_credit_uq: messages.registration.creditNoPending,
  user_company_phone_uq: messages.registration.phoneTaken,
  distributor_credit_no_uq: messages.registration.creditNoTaken,
};

/** A unique index's violation as the 409 of its rule (a write of another module's table, too); any other error as it is. */
export function registrationConflict(error: unknown): unknown {
  const message = CONFLICTS[violatedConstraint(error) ?? ''];
  return message ? new ConflictError(message) : error;
}

/** The channel contact a registration names (its name and phone are in the lists). */
export const registrationChannel = aliasedTable(user, 'channel');

/**
 * A registration as both reviewers' lists show it, the app's 入驻审核 and the console's: its
 * fields, the region's name and the channel contact's. One list, so the two screens never differ;
 * a query selecting it left-joins city on location_id and registrationChannel on channel_id.
 */
export const registrationListColumns = {
  id: distributorRegistration.id,
  companyLicenseName: distributorRegistration.companyLicenseName,
  name: distributorRegistration.name,
  creditNo: distributorRegistration.creditNo,
  managerName: distributorRegistration.managerName,
  managerPhone: distributorRegistration.managerPhone,
  address: distributorRegistration.address,
  businessLicensePic: distributorRegistration.businessLicensePic,
  locationId: distributorRegistration.locationId,
  locationName: sql<string>`coalesce(${city.name}, '')`,
  channelId: distributorRegistration.channelId,
  channelName: sql<string>`coalesce(${registrationChannel.name}, '')`,
  channelMobile: sql<string>`coalesce(${registrationChannel.phone}, '')`,
  createdAt: distributorRegistration.createdAt,
};

/** Pending registrations oldest first; the cursor is (created_at, id). */
const PENDING_ORDER: SortKey[] = [
  { expr: distributorRegistration.createdAt, dir: 'asc', time: true },
  { expr: distributorRegistration.id, dir: 'asc' },
];
export type RegistrationCursor = CursorValues<readonly ['time', 'id']>;

export function createRegistrationRepository(db: Executor) {
  return {
    /** Serialises registrations and approvals per phone and per credit code inside the caller's transaction. */
    async lock(companyId: number, key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${`registration:${key}`}))`);
    },

    phoneHasUser(companyId: number, phone: string): Promise<boolean> {
      return phoneHeld(db, companyId, phone);
    },

    creditNoHasDistributor(companyId: number, creditNo: string): Promise<boolean> {
      return exists(db, distributor, and(eq(distributor.companyId, companyId), eq(distributor.creditNo, creditNo)));
    },

    pendingWith(companyId: number, field: 'managerPhone' | 'creditNo', value: string): Promise<boolean> {
      return exists(
        db,
        distributorRegistration,
        and(eq(distributorRegistration.companyId, companyId), eq(distributorRegistration.status, 'PENDING'), eq(distributorRegistration[field], value)),
      );
    },

    /** The newest registration of a phone that has no account yet (sign-in's awaiting-review answer). */
    async latestByPhone(companyId: number, phone: string) {
      const rows = await db
        .select({
          status: distributorRegistration.status,
          reason: distributorRegistration.reason,
          passwordHash: distributorRegistration.passwordHash,
        })
        .from(distributorRegistration)
        .where(
          and(
            eq(distributorRegistration.companyId, companyId),
            eq(distributorRegistration.managerPhone, phone),
            inArray(distributorRegistration.status, ['PENDING', 'REJECTED']),
          ),
        )
        .orderBy(desc(distributorRegistration.createdAt), desc(distributorRegistration.id))
        .limit(1);
      return rows[0];
    },

    async channelContacts(companyId: number) {
      return db
        .select({ id: user.id, name: user.name, mobile: user.phone, manageArea: user.manageArea, role: user.role })
        .from(user)
        .where(and(eq(user.companyId, companyId), inArray(user.role, [...CHANNEL_ROLES]), eq(user.active, true)))
        .orderBy(asc(user.role), asc(user.id));
    },

    isChannelContact(companyId: number, id: number): Promise<boolean> {
      return isActiveChannelContact(db, companyId, id);
    },

    cityExists(companyId: number, id: number): Promise<boolean> {
      return cityOfCompany(db, companyId, id);
    },

    /**
     * The licence picture is already another registrant's (docs/decisions/062): a registration
     * of this company with another manager phone carries it. The same registrant trying again
     * after a refusal keeps their picture.
     */
    licenceOfAnother(companyId: number, url: string, managerPhone: string): Promise<boolean> {
      return exists(
        db,
        distributorRegistration,
        and(
          eq(distributorRegistration.companyId, companyId),
          eq(distributorRegistration.businessLicensePic, url),
          ne(distributorRegistration.managerPhone, managerPhone),
        ),
      );
    },

    /** A pending registration; the pending-phone and pending-credit-code unique indexes answer 409 to a racing twin. */
    async insert(values: typeof distributorRegistration.$inferInsert): Promise<number> {
      try {
        const rows = await db.insert(distributorRegistration).values(values).returning({ id: distributorRegistration.id });
        return rows[0]!.id;
      } catch (error) {
        throw registrationConflict(error);
      }
    },

    /**
     * Pending registrations with the region and channel contact names, oldest first. A cursor
     * keeps the next page in place while reviews take rows off the list (OFFSET would skip
     * as many); `total` only without a cursor.
     */
    async listPending(companyId: number, page: KeysetWindow<RegistrationCursor>) {
      const where = and(eq(distributorRegistration.companyId, companyId), eq(distributorRegistration.status, 'PENDING'));
      const list = await db
        .select({
          ...registrationListColumns,
          cursorAt: cursorTime(distributorRegistration.createdAt),
        })
        .from(distributorRegistration)
        .leftJoin(city, eq(city.id, distributorRegistration.locationId))
        .leftJoin(registrationChannel, eq(registrationChannel.id, distributorRegistration.channelId))
        .where(and(where, page.after ? keysetAfter(PENDING_ORDER, page.after) : undefined))
        .orderBy(...keysetOrder(PENDING_ORDER))
        .limit(page.limit)
        .offset(page.offset);
      if (page.after) return { list, total: null };
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(distributorRegistration).where(where);
      return { list, total: Number(count?.n ?? 0) };
    },

    /** The pending registration, locked for the review's transaction; undefined when gone or done. */
    async lockPending(companyId: number, id: number): Promise<RegistrationRow | undefined> {
      const rows = await db
        .select()
        .from(distributorRegistration)
        .where(
          and(
            eq(distributorRegistration.companyId, companyId),
            eq(distributorRegistration.id, id),
            eq(distributorRegistration.status, 'PENDING'),
          ),
        )
        .for('update');
      return rows[0];
    },

    async markReviewed(
      id: number,
      values: { status: 'APPROVED' | 'REJECTED'; reason: string; reviewedBy: number; distributorId: number | null },
    ): Promise<void> {
      await db
        .update(distributorRegistration)
        .set({ ...values, reviewedAt: sql`now()` })
        .where(eq(distributorRegistration.id, id));
    },

    async insertAuditLog(values: AuditEntry): Promise<void> {
      await writeAuditLog(db, values);
    },

    /** The console's registration list (docs/decisions/046): every status, pending first. */
    async consoleList(companyId: number, status: 'PENDING' | 'APPROVED' | 'REJECTED' | undefined, page: number, pageSize: number) {
      const reviewer = aliasedTable(user, 'reviewer');
      const where = and(eq(distributorRegistration.companyId, companyId), status ? eq(distributorRegistration.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            // The app's review list's columns (one list, registration module), and the review's outcome.
            ...registrationListColumns,
            status: distributorRegistration.status,
            reason: distributorRegistration.reason,
            reviewerName: sql<string>`coalesce(${reviewer.name}, '')`,
            reviewedAt: distributorRegistration.reviewedAt,
            distributorId: distributorRegistration.distributorId,
          })
          .from(distributorRegistration)
          .leftJoin(city, eq(city.id, distributorRegistration.locationId))
          .leftJoin(registrationChannel, eq(registrationChannel.id, distributorRegistration.channelId))
          .leftJoin(reviewer, eq(reviewer.id, distributorRegistration.reviewedBy))
          .where(where)
          // Pending first (the work), oldest pending first; reviewed ones newest first.
          .orderBy(
            sql`case when ${distributorRegistration.status} = 'PENDING' then 0 else 1 end`,
            sql`case when ${distributorRegistration.status} = 'PENDING' then ${distributorRegistration.createdAt} end asc`,
            desc(distributorRegistration.createdAt),
            desc(distributorRegistration.id),
          )
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(distributorRegistration).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Those of `ids` that are registrations of the company (a batch's check). */
    async idsOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: distributorRegistration.id })
        .from(distributorRegistration)
        .where(and(eq(distributorRegistration.companyId, companyId), inArray(distributorRegistration.id, ids)));
      return rows.map((r) => r.id);
    },

    exists(companyId: number, id: number): Promise<boolean> {
      return exists(db, distributorRegistration, and(eq(distributorRegistration.companyId, companyId), eq(distributorRegistration.id, id)));
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
