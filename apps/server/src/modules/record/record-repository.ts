import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { STATUSES_WITHOUT_PROTECTION } from '@baobei/shared/rules/record-view';
import type { Executor } from '../../db/client';
import { auditLog, customer, customerImage, distributor, house, record, recordApproval, upload, user } from '../../db/schema';

/** Statuses that no longer count as an auditor's open work (DECISIONS.md, auditor assignment). */
const NOT_OPEN = ['RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'] as const;

export type RecordInsert = typeof record.$inferInsert;

export function createRecordRepository(db: Executor) {
  return {
    /** The tenant's active listings among `ids` (unknown or inactive ids are simply absent). */
    async findHouses(companyId: number, ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: house.id,
          name: house.name,
          reportLeadTime: house.reportLeadTime,
          reportProtectHours: house.reportProtectHours,
          ruleTel: house.ruleTel,
          isNeedIdCard: house.isNeedIdCard,
          sellingStatus: house.sellingStatus,
        })
        .from(house)
        .where(and(eq(house.companyId, companyId), eq(house.active, true), inArray(house.id, ids)));
    },

    /** Picture URLs the user may attach: their own uploads and their own customers' images. */
    async ownedPictureUrls(companyId: number, userId: number, urls: string[], tx: Executor = db): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const keys = urls.filter((u) => u.startsWith('/uploads/')).map((u) => u.slice('/uploads/'.length));
      const owned = new Set<string>();
      if (keys.length) {
        const rows = await tx
          .select({ key: upload.storageKey })
          .from(upload)
          .where(and(eq(upload.companyId, companyId), eq(upload.userId, userId), inArray(upload.storageKey, keys)));
        for (const r of rows) owned.add(`/uploads/${r.key}`);
      }
      const images = await tx
        .select({ url: customerImage.url })
        .from(customerImage)
        .innerJoin(customer, eq(customer.id, customerImage.customerId))
        .where(and(eq(customer.companyId, companyId), eq(customer.ownerId, userId), inArray(customerImage.url, urls)));
      for (const r of images) owned.add(r.url);
      return owned;
    },

    async distributorChannel(distributorId: number | null, tx: Executor = db): Promise<number | null> {
      if (distributorId === null) return null;
      const rows = await tx.select({ channelUserId: distributor.channelUserId }).from(distributor).where(eq(distributor.id, distributorId));
      return rows[0]?.channelUserId ?? null;
    },

    /**
     * Serialises submits per (listing, masked phone) until the transaction ends. Keys must be
     * taken in one stable order by every caller, so two submits never wait on each other in a circle.
     */
    async lockCustomerOfHouse(houseId: number, maskedPhone: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(${houseId}::int, hashtext(${maskedPhone}))`);
    },

    /** The newest report still protecting this customer for this listing, of any distributor. */
    async findProtecting(companyId: number, houseId: number, maskedPhone: string, now: Date, tx: Executor) {
      const rows = await tx
        .select({ id: record.id, distributorId: record.distributorId, protectUntil: record.protectUntil })
        .from(record)
        .where(
          and(
            eq(record.companyId, companyId),
            eq(record.houseId, houseId),
            eq(record.customerPhoneMasked, maskedPhone),
            gt(record.protectUntil, now),
            notInArray(record.status, [...STATUSES_WITHOUT_PROTECTION]),
          ),
        )
        .orderBy(asc(record.protectUntil))
        .limit(10);
      return rows;
    },

    /** On-duty auditors of the company with their open reports, fewest first, then lowest id. */
    async auditorsOnDuty(companyId: number, tx: Executor) {
      const open = sql<number>`(select count(*)::int from ${record} where ${record.auditorId} = ${user.id}
        and ${record.status} not in (${sql.join(NOT_OPEN.map((s) => sql`${s}`), sql`, `)}))`;
      return tx
        .select({ id: user.id, open })
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.role, 'AUDITOR'), eq(user.vacation, 0), eq(user.active, true)))
        .orderBy(open, asc(user.id));
    },

    async firstAuditorAdmin(companyId: number, tx: Executor): Promise<number | null> {
      const rows = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.role, 'AUDITORADMIN'), eq(user.active, true)))
        .orderBy(asc(user.id))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    /**
     * The owner's live customer with this phone, made when missing; images added once each.
     * A racing submit for the same customer (another listing) may insert first: the insert
     * then does nothing (customer_owner_phone_live_uq) and the row it made is read again.
     */
    async upsertCustomer(
      values: { companyId: number; ownerId: number; distributorId: number | null; name: string; sex: number; phone: string; telType: number; anchor: string; pics: string[] },
      tx: Executor,
    ): Promise<number> {
      const findLive = async () => {
        const found = await tx
          .select({ id: customer.id })
          .from(customer)
          .where(
            and(eq(customer.companyId, values.companyId), eq(customer.ownerId, values.ownerId), eq(customer.phone, values.phone), isNull(customer.deletedAt)),
          )
          .limit(1);
        return found[0]?.id;
      };
      let id = await findLive();
      if (id === undefined) {
        const inserted = await tx
          .insert(customer)
          .values({
            companyId: values.companyId,
            ownerId: values.ownerId,
            distributorId: values.distributorId,
            name: values.name,
            sex: values.sex,
            phone: values.phone,
            telType: values.telType,
            anchor: values.anchor,
          })
          .onConflictDoNothing()
          .returning({ id: customer.id });
        id = inserted[0]?.id ?? (await findLive());
        if (id === undefined) throw new Error('customer vanished between insert and read');
      } else {
        await tx.update(customer).set({ name: values.name, sex: values.sex, telType: values.telType, anchor: values.anchor }).where(eq(customer.id, id));
      }
      if (values.pics.length) {
        const existing = await tx.select({ url: customerImage.url }).from(customerImage).where(eq(customerImage.customerId, id));
        const have = new Set(existing.map((e) => e.url));
        const fresh = values.pics.filter((u) => !have.has(u));
        if (fresh.length) await tx.insert(customerImage).values(fresh.map((url) => ({ customerId: id, url })));
      }
      return id;
    },

    /** A report, its first history entry and its audit-log row (STYLE.md: one transaction). */
    async insertReport(values: RecordInsert, reporter: { id: number; name: string; phone: string }, tx: Executor): Promise<number> {
      const inserted = await tx.insert(record).values(values).returning({ id: record.id });
      const id = inserted[0]!.id;
      await tx.insert(recordApproval).values({
        recordId: id,
        status: 'RECORDSTART',
        userId: reporter.id,
        userName: reporter.name,
        userPhone: reporter.phone,
        approvalResult: '提交报备',
        estimatedVisitTime: values.estimatedVisitTime,
        visitorNum: values.visitorNum,
      });
      await tx.insert(auditLog).values({
        companyId: values.companyId,
        actorId: reporter.id,
        action: 'record.submit',
        entity: 'record',
        entityId: id,
        detail: { submissionId: values.submissionId, houseId: values.houseId, auditorId: values.auditorId ?? null },
      });
      return id;
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
