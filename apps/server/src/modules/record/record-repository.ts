import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { STATUSES_WITHOUT_PROTECTION } from '@baobei/shared/rules/record-view';
import { queryRows, type Executor } from '../../db/client';
import { auditLog, auditorOpenReport, customer, customerImage, distributor, house, record, recordApproval, upload, user } from '../../db/schema';

/** How many times a submit waits for an auditor's count and lets it go before keeping the one it waited for. */
const MAX_PICK_ROUNDS = 4;
/** Thrown inside the pick's savepoint to let go of a count row waited for (decision 030). */
const LOOK_AGAIN = new Error('look again');

/** On-duty auditors (DECISIONS.md, auditor assignment): role AUDITOR, not on vacation, active. */
function onDuty(companyId: number) {
  return and(eq(user.companyId, companyId), eq(user.role, 'AUDITOR'), eq(user.vacation, 0), eq(user.active, true));
}

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

    /**
     * The on-duty auditor with the fewest open reports (ties: lowest id); null when no auditor
     * is on duty. Every AUDITOR has a count row (a trigger on "user" adds it), so the pick reads
     * the counts alone, in one statement. docs/decisions/030.
     *
     * With one auditor on duty there is nothing to choose: nothing is locked here (the report
     * insert's trigger takes the count row). With several, the row picked is locked to the end
     * of the transaction: a row another submit holds is about to get one more report, so a free
     * row with at most one more than the fewest is taken instead (`for update skip locked`).
     * When every such row is held:
     * - 'wait' (the submit's first pick, holding no count yet) waits for the least-loaded row,
     *   keeps it if it is still within one of the fewest once its holder is done, else lets it
     *   go and looks again (so waiters do not all pile onto one auditor);
     * - 'no-wait' (the submit's later picks: it holds a count already, and waiting could close
     *   a circle) takes the least-loaded row it can lock now, one of its own at worst.
     */
    async pickAuditor(companyId: number, mode: 'wait' | 'no-wait', tx: Executor): Promise<number | null> {
      const onDutyIds = sql`select ${user.id} from ${user} where ${onDuty(companyId)}`;
      const pick = async (on: Executor, within: number | null, lock: 'skip-locked' | 'wait') => {
        const rows = await queryRows<{ id: number }>(
          on,
          sql`with duty as (
              select "auditor_id", "open_count" from ${auditorOpenReport} where "auditor_id" in (${onDutyIds})
            ),
            lone as (
              select "auditor_id" from duty where (select count(*) from duty) = 1
            ),
            picked as (
              select c."auditor_id" from ${auditorOpenReport} c
              where (select count(*) from duty) > 1
                and c."auditor_id" in (select "auditor_id" from duty)
                ${within === null ? sql`` : sql`and c."open_count" <= (select min("open_count") from duty) + ${within}`}
              order by c."open_count", c."auditor_id"
              limit 1
              for update of c ${lock === 'skip-locked' ? sql`skip locked` : sql``}
            )
            select "auditor_id" as "id" from lone union all select "auditor_id" from picked`,
        );
        return rows[0]?.id ?? null;
      };
      for (let round = 1; ; round++) {
        const free = await pick(tx, 1, 'skip-locked');
        if (free !== null) return free;
        if (mode === 'no-wait') return pick(tx, null, 'skip-locked');
        // In a savepoint, so that a row waited for and not kept is let go (rollback to savepoint).
        const kept = await tx
          .transaction(async (sp) => {
            const waited = await pick(sp, null, 'wait');
            if (waited === null) return null;
            if (round >= MAX_PICK_ROUNDS || (await pick(sp, 1, 'skip-locked')) === waited) return waited;
            throw LOOK_AGAIN;
          })
          .catch((error: unknown) => {
            if (error === LOOK_AGAIN) return undefined;
            throw error;
          });
        if (kept !== undefined) return kept;
      }
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

    /**
     * A report, its first history entry and its audit-log row (STYLE.md: one transaction), in
     * one statement: the submit holds its auditor's count row from the pick to the commit, so
     * every round trip between them would keep the next submit for that auditor waiting.
     */
    async insertReport(values: RecordInsert, reporter: { id: number; name: string; phone: string }, tx: Executor): Promise<number> {
      const inserted = tx
        .insert(record)
        .values(values)
        .returning({ id: record.id, companyId: record.companyId, estimatedVisitTime: record.estimatedVisitTime, visitorNum: record.visitorNum });
      const detail = { submissionId: values.submissionId, houseId: values.houseId, auditorId: values.auditorId ?? null };
      const rows = await queryRows<{ id: number }>(
        tx,
        // Drizzle puts an embedded query in parentheses: `with inserted as (insert … returning …)`.
        sql`with inserted as ${inserted},
          approval as (
            insert into ${recordApproval} ("record_id", "status", "user_id", "user_name", "user_phone", "approval_result", "estimated_visit_time", "visitor_num")
            select "id", 'RECORDSTART', ${reporter.id}, ${reporter.name}, ${reporter.phone}, ${'提交报备'}, "estimated_visit_time", "visitor_num" from inserted
          )
          insert into ${auditLog} ("company_id", "actor_id", "action", "entity", "entity_id", "detail")
          select "company_id", ${reporter.id}, 'record.submit', 'record', "id", ${JSON.stringify(detail)}::jsonb from inserted
          returning "entity_id" as "id"`,
      );
      return rows[0]!.id;
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
