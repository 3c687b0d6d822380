import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { PRE_VISIT_STATUSES } from '@baobei/shared/rules/record-status';
import { EXPIRING_STATUSES, STATUSES_WITHOUT_PROTECTION } from '@baobei/shared/rules/record-view';
import { duplicateKey } from '@baobei/shared/rules/duplicate-phone';
import type { Executor } from '../../db/client';
import { auditLog, auditorOpenReport, auditorScope, customer, customerImage, distributor, duplicateRefusal, house, record, recordApproval, user } from '../../db/schema';
import { preparedEverywhere, prepareSql } from '../../lib/prepared';
import { protectionDueSql } from '../../db/sql/protection-due';
import { samePhoneSql } from '../../db/sql/same-customer';

/** How many times a submit waits for an auditor's count and lets it go before keeping the one it waited for. */
const MAX_PICK_ROUNDS = 4;

/**
 * The auditors a report of the listing `houseId` may go to (docs/decisions/047): the on-duty
 * auditors (DECISIONS.md, auditor assignment: role AUDITOR, not on vacation, active) whose audit
 * scope (auditor_scope) covers the listing or its city, and those without a scope; when no
 * on-duty auditor is either, every on-duty auditor (the rule before scopes). One pass over the
 * company's on-duty auditors (a few rows), each probing its scope rows by auditor_scope_auditor_idx.
 */
function eligibleAuditorIds() {
  const houseId = sql`${sql.placeholder('houseId')}::int`;
  return sql`select e."id" from (
      select d."id", d."covers", bool_or(d."covers") over () as "any_covers" from (
        select u."id",
          not exists (select from ${auditorScope} s where s."auditor_id" = u."id")
          or exists (
            select from ${auditorScope} s where s."auditor_id" = u."id"
              and (s."house_id" = ${houseId} or s."city_id" = (select h."city_id" from ${house} h where h."id" = ${houseId}))
          ) as "covers"
        from ${user} u
        where u."company_id" = ${sql.placeholder('companyId')}::int and u."role" = 'AUDITOR' and u."vacation" = 0 and u."active"
      ) d
    ) e where e."covers" or not e."any_covers"`;
}

/** The report columns the submit writes, each a placeholder of the same name. */
const REPORT_COLUMNS = [
  'companyId', 'houseId', 'customerId', 'customerName', 'customerSex', 'customerPhone', 'customerPhoneMasked', 'customerTelType', 'customerPics', 'picConsentAt',
  'reporterId', 'distributorId', 'shopManagerId', 'shopName', 'auditorId', 'dkName', 'dkPhone', 'visitorNum', 'reception', 'remark', 'estimatedVisitTime',
  'status', 'protectUntil', 'version', 'submissionId',
] as const satisfies readonly (keyof typeof record.$inferInsert)[];

/** A report as the submit writes it, every column given; its channel is the reporter's distributor's, read by the insert itself. */
export type RecordInsert = Required<Pick<typeof record.$inferInsert, (typeof REPORT_COLUMNS)[number]>>;

/** How a pick looks for an auditor's count (pickAuditor): rows within one of the fewest or any, skipping held rows or waiting. */
type PickShape = 'near-free' | 'any-free' | 'any-wait';

export function createRecordRepository(db: Executor) {
  /**
   * The submit's fixed-shape statements, built once and sent as named statements on the pool
   * and inside the submit's transaction alike (decision 030, submit path, second pass): drizzle
   * building them cost more CPU than the rest of the submit, and every millisecond of a
   * submit's transaction is a millisecond its auditor's count row is held.
   */
  const prepared = {
    houses: preparedEverywhere(db, () =>
      db
        .select({
          id: house.id,
          name: house.name,
          reportLeadTime: house.reportLeadTime,
          reportProtectHours: house.reportProtectHours,
          ruleTel: house.ruleTel,
          isNeedIdCard: house.isNeedIdCard,
          sellingStatus: house.sellingStatus,
          protectionMode: house.protectionMode,
        })
        .from(house)
        .where(and(eq(house.companyId, sql.placeholder('companyId')), eq(house.active, true), sql`${house.id} = any(${sql.placeholder('ids')}::int[])`))
        .prepare('submit_houses'),
    ),
    lock: preparedEverywhere(db, () =>
      prepareSql(db, 'submit_lock', sql`select pg_advisory_xact_lock(${sql.placeholder('houseId')}::int, hashtext(${sql.placeholder('maskedPhone')}))`),
    ),
    // The duplicate rule is shared protectionEnded (docs/decisions/051): a report protects its
    // customer until it is closed, not visited, or the protection job stored its expiry. Its
    // protectUntil here is when that protection ends: for a visit, the viewing protection's end.
    protecting: preparedEverywhere(db, () =>
      db
        .select({
          id: record.id,
          distributorId: record.distributorId,
          status: record.status,
          // When that protection ends (protectionDueSql): null for a deal, which time never frees.
          protectUntil: protectionDueSql,
          customerPhone: record.customerPhone,
        })
        .from(record)
        .where(
          and(
            eq(record.companyId, sql.placeholder('companyId')),
            eq(record.houseId, sql.placeholder('houseId')),
            eq(record.customerPhoneMasked, sql.placeholder('maskedPhone')),
            // Decision 066: two whole numbers meet only when equal; a hidden one on either side by its 3 + 4 digits.
            samePhoneSql(record.customerPhone, sql`${sql.placeholder('phone')}::text`),
            notInArray(record.status, [...STATUSES_WITHOUT_PROTECTION]),
            or(isNull(record.protectionExpiredAt), notInArray(record.status, [...EXPIRING_STATUSES])),
          ),
        )
        // A visited report first: under 到访为王 (decision 053) it blocks while several waiting ones may not.
        .orderBy(inArray(record.status, [...PRE_VISIT_STATUSES]), asc(protectionDueSql))
        .limit(10)
        .prepare('submit_protecting'),
    ),
    pick: new Map(
      (['near-free', 'any-free', 'any-wait'] as const).map((shape) => [shape, preparedEverywhere(db, () => prepareSql<{ id: number }>(db, `submit_pick_${shape}`, pickQuery(shape)))]),
    ),
    report: preparedEverywhere(db, () => prepareSql<{ id: number }>(db, 'submit_report', reportQuery('given'))),
    reportPicked: preparedEverywhere(db, () => prepareSql<{ id: number }>(db, 'submit_report_picked', reportQuery('picked'))),
    reportKept: preparedEverywhere(db, () => prepareSql<{ id: number }>(db, 'submit_report_kept', reportQuery('kept'))),
    reportWaiting: preparedEverywhere(db, () => prepareSql<{ id: number | null }>(db, 'submit_report_waiting', waitingReportQuery())),
    savepoint: preparedEverywhere(db, () => prepareSql(db, 'submit_pick_savepoint', sql`savepoint submit_pick`)),
    letGo: preparedEverywhere(db, () => prepareSql(db, 'submit_pick_let_go', sql`rollback to savepoint submit_pick`)),
  };

  /**
   * The pick's statement (pickAuditor): the count rows of the company's on-duty auditors.
   * Chosen by the counts the statement read (`duty`), never by a condition on the row it locks:
   * a row changed since then is checked again once locked, and one that fails that check is
   * skipped but stays locked to the end of the transaction (PostgreSQL's row locks), so a
   * submit could hold a count it did not take and then wait for another: two such submits
   * waited for each other (deadlocks under 16 writers, decision 030, third pass).
   */
  function pickQuery(shape: PickShape) {
    const onDutyIds = eligibleAuditorIds();
    return sql`with duty as (
        select "auditor_id", "open_count" from ${auditorOpenReport} where "auditor_id" in (${onDutyIds})
      ),
      lone as (
        select "auditor_id" from duty where (select count(*) from duty) = 1
      ),
      picked as (
        select c."auditor_id" from ${auditorOpenReport} c
        join duty d on d."auditor_id" = c."auditor_id"
        where (select count(*) from duty) > 1
          ${shape === 'near-free' ? sql`and d."open_count" <= (select min("open_count") from duty) + 1` : sql``}
        order by d."open_count", d."auditor_id"
        limit 1
        for update of c ${shape === 'any-wait' ? sql`` : sql`skip locked`}
      )
      select "auditor_id" as "id" from lone union all select "auditor_id" from picked`;
  }

  /**
   * A report, its first history entry and its audit-log row (STYLE.md: one transaction), in
   * one statement: the submit holds its auditor's count row from the pick to the commit, so
   * every round trip between them would keep the next submit for that auditor waiting. The
   * auditor is given, or (`picked`) chosen by the pick's first look (near the fewest, not held)
   * in the same statement, which then inserts nothing when that finds none, or (`kept`) the one
   * given if the pick's first look, made again now that the submit holds its count, still
   * chooses it (pickAuditor's check of a count waited for), nothing inserted otherwise; the
   * channel is read by the insert (the reporter's distributor's, none without one).
   */
  function reportQuery(auditor: 'given' | 'picked' | 'kept') {
    const chosen =
      auditor === 'given'
        ? sql`select ${sql.placeholder('auditorId')}::int as "id"`
        : auditor === 'picked'
          ? pickQuery('near-free')
          : sql`select "id" from (${pickQuery('near-free')}) "look" where "id" = ${sql.placeholder('auditorId')}::int`;
    return sql`with chosen as (${chosen}),
      ${reportInserts()}
      ${auditLogInsert()}`;
  }

  /**
   * The same, its auditor the one on-duty auditor whose count is at least two below every
   * other's (so it stays the fewest for a while: a newcomer, or a colleague back from leave),
   * waiting in the statement while another submit holds that count, kept if it is still within
   * one of the fewest once its holder is done (the others' counts as they were when the
   * statement began). So the count waited for is held for the rest of the insert and the commit
   * alone, as with one auditor on duty. Answers the report's id; null when that count got too
   * far ahead meanwhile (the statement keeps its row lock: roll back to the savepoint); no row
   * when no auditor is that far below the others (nothing locked, nothing waited for).
   */
  function waitingReportQuery() {
    const onDutyIds = eligibleAuditorIds();
    return sql`with duty as (
        select "auditor_id", "open_count" from ${auditorOpenReport} where "auditor_id" in (${onDutyIds})
      ),
      target as (
        select d."auditor_id" from duty d
        where d."open_count" + 2 <= (select min(o."open_count") from duty o where o."auditor_id" <> d."auditor_id")
        order by d."open_count", d."auditor_id"
        limit 1
      ),
      chosen as (
        select c."auditor_id" as "id" from ${auditorOpenReport} c
        where c."auditor_id" = (select "auditor_id" from target)
          and c."open_count" <= (select min(o."open_count") from duty o where o."auditor_id" <> c."auditor_id") + 1
        for update of c
      ),
      ${reportInserts()},
      logged as (${auditLogInsert()})
      select "id" from logged union all select null::int from target where not exists (select from logged)`;
  }

  /** The report and its first history entry, for the auditor in "chosen" (reportQuery). */
  function reportInserts() {
    const columns = REPORT_COLUMNS.filter((column) => column !== 'auditorId');
    // Typed like the column and encoded like it (dates, JSON): an insert from a select does not
    // type its parameters. A null stays null (the column's own encoder would call a method on it).
    const encoder = (column: (typeof columns)[number]) => ({
      mapToDriverValue: (v: unknown) => (v === null ? null : (record[column] as { mapToDriverValue(x: unknown): unknown }).mapToDriverValue(v)),
    });
    const value = (column: (typeof columns)[number]) => sql`${sql.param(sql.placeholder(column), encoder(column))}::${sql.raw(record[column].getSQLType())}`;
    return sql`inserted as (
        insert into ${record} (${sql.join(columns.map((column) => sql.identifier(record[column].name)), sql`, `)}, "auditor_id", "channel_user_id")
        select ${sql.join(columns.map(value), sql`, `)}, chosen."id",
          (select "channel_user_id" from ${distributor} where "id" = ${sql.placeholder('distributorId')}::int)
        from chosen
        returning "id", "company_id", "auditor_id", "estimated_visit_time", "visitor_num"
      ),
      approval as (
        insert into ${recordApproval} ("record_id", "status", "user_id", "user_name", "user_phone", "approval_result", "estimated_visit_time", "visitor_num")
        select "id", 'RECORDSTART', ${sql.placeholder('actorId')}::int, ${sql.placeholder('actorName')}::text, ${sql.placeholder('actorPhone')}::text, ${'提交报备'}, "estimated_visit_time", "visitor_num" from inserted
      )`;
  }

  function auditLogInsert() {
    return sql`insert into ${auditLog} ("company_id", "actor_id", "action", "entity", "entity_id", "detail")
      select "company_id", ${sql.placeholder('actorId')}::int, 'record.submit', 'record', "id",
        jsonb_build_object('submissionId', ${sql.placeholder('submissionId')}::text, 'houseId', ${sql.placeholder('houseId')}::int, 'auditorId', "auditor_id")
      from inserted
      returning "entity_id" as "id"`;
  }

  function reportParameters(values: Record<string, unknown>, reporter: { id: number; name: string; phone: string }) {
    const row = Object.fromEntries(REPORT_COLUMNS.map((column) => [column, values[column]]));
    return { ...row, actorId: reporter.id, actorName: reporter.name, actorPhone: reporter.phone };
  }

  async function insertReportWith(auditor: 'given' | 'picked' | 'kept', values: Record<string, unknown>, reporter: { id: number; name: string; phone: string }, tx: Executor) {
    const statement = auditor === 'given' ? prepared.report : auditor === 'picked' ? prepared.reportPicked : prepared.reportKept;
    const { rows } = await statement(tx).execute(reportParameters(values, reporter));
    return rows[0]?.id ?? null;
  }

  async function pick(companyId: number, houseId: number, shape: PickShape, tx: Executor): Promise<number | null> {
    const { rows } = await prepared.pick.get(shape)!(tx).execute({ companyId, houseId });
    return rows[0]?.id ?? null;
  }

  /**
   * The submit's first pick when every count near the fewest is held (pickAuditor 'wait'): in
   * a savepoint, waits for the least-loaded count and hands it to `keep` (with `last` after
   * MAX_PICK_ROUNDS rounds), which answers what it kept, or null to let the count go (rollback
   * to the savepoint releases the row lock) and look again with `again` (the pick's first look,
   * free counts near the fewest; null when none). The savepoint is made once and never released:
   * the commit ends it with the transaction, and a release would be one more round trip while
   * the count row is held. Null when nobody is on duty.
   */
  async function waitForCount<T>(
    companyId: number,
    houseId: number,
    tx: Executor,
    keep: (waited: number, last: boolean) => Promise<T | null>,
    again: () => Promise<T | null>,
    savepointMade = false,
  ): Promise<T | null> {
    if (!savepointMade) await prepared.savepoint(tx).execute();
    for (let round = 1; ; round++) {
      const waited = await pick(companyId, houseId, 'any-wait', tx);
      if (waited === null) return null;
      const kept = await keep(waited, round >= MAX_PICK_ROUNDS);
      if (kept !== null) return kept;
      await prepared.letGo(tx).execute();
      const free = await again();
      if (free !== null) return free;
    }
  }

  return {
    /** The tenant's active listings among `ids` (unknown or inactive ids are simply absent). */
    async findHouses(companyId: number, ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return prepared.houses(tx).execute({ companyId, ids });
    },

    /**
     * Which of these URLs are images of one of the user's own customers: a customer picked from
     * the list brings its pictures (the demo's are no uploads). Uploads are the upload module's
     * to judge (docs/decisions/062).
     */
    async ownCustomerImages(companyId: number, userId: number, urls: string[], tx: Executor = db): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const images = await tx
        .select({ url: customerImage.url })
        .from(customerImage)
        .innerJoin(customer, eq(customer.id, customerImage.customerId))
        .where(and(eq(customer.companyId, companyId), eq(customer.ownerId, userId), inArray(customerImage.url, urls)));
      return new Set(images.map((r) => r.url));
    },

    /**
     * Serialises submits per (listing, masked phone) until the transaction ends. Keys must be
     * taken in one stable order by every caller, so two submits never wait on each other in a circle.
     */
    async lockCustomerOfHouse(houseId: number, maskedPhone: string, tx: Executor) {
      await prepared.lock(tx).execute({ houseId, maskedPhone });
    },

    /**
     * A submit refused by 撞单 (issue 31, item 4): kept after its transaction rolled back, for
     * 数据驾驶舱's leakage (a trigger counts it in channel_tally).
     */
    async insertRefusal(values: typeof duplicateRefusal.$inferInsert, tx: Executor = db) {
      await tx.insert(duplicateRefusal).values(values);
    },

    /**
     * The reports still protecting this customer for this listing, of any distributor: those of
     * the same whole number, or of the same first 3 and last 4 digits when either is hidden.
     */
    async findProtecting(companyId: number, houseId: number, phone: string, tx: Executor) {
      return prepared.protecting(tx).execute({ companyId, houseId, maskedPhone: duplicateKey(phone), phone });
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
    async pickAuditor(companyId: number, houseId: number, mode: 'wait' | 'no-wait', tx: Executor): Promise<number | null> {
      const free = await pick(companyId, houseId, 'near-free', tx);
      if (free !== null) return free;
      if (mode === 'no-wait') return pick(companyId, houseId, 'any-free', tx);
      return waitForCount(
        companyId,
        houseId,
        tx,
        async (waited, last) => (last || (await pick(companyId, houseId, 'near-free', tx)) === waited ? waited : null),
        () => pick(companyId, houseId, 'near-free', tx),
      );
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

    /** A report to the auditor given, its first history entry and its audit-log row, in one statement (reportQuery). */
    async insertReport(values: RecordInsert, reporter: { id: number; name: string; phone: string }, tx: Executor): Promise<number> {
      return (await insertReportWith('given', values, reporter, tx))!;
    },

    /**
     * The same with the auditor chosen in the statement by the pick's first look (pickAuditor:
     * the one auditor on duty, or a count near the fewest that no other submit holds, locked to
     * the end of the transaction), so the count is held for one statement less. Null, and
     * nothing written, when that finds none: the submit then picks with pickAuditor.
     */
    async insertReportToFreeAuditor(values: Omit<RecordInsert, 'auditorId'>, reporter: { id: number; name: string; phone: string }, tx: Executor): Promise<number | null> {
      return insertReportWith('picked', { ...values, auditorId: null }, reporter, tx);
    },

    /**
     * The submit's first report when insertReportToFreeAuditor found no free count near the
     * fewest, in a savepoint. When one auditor is at least two below all others, the report's
     * insert waits for that count itself (waitingReportQuery), holding it for the rest of the
     * insert and the commit alone, as with one auditor on duty. Otherwise (or when that count got
     * too far ahead while the submit waited) pickAuditor's wait, with its check of the count
     * waited for made by the report's insert itself (`kept`), so that count is held for the
     * insert and the commit alone too; after MAX_PICK_ROUNDS rounds the report goes to the
     * count waited for. Null, and nothing written, when nobody is on duty.
     */
    async insertReportWaitingForAuditor(
      companyId: number,
      values: Omit<RecordInsert, 'auditorId'>,
      reporter: { id: number; name: string; phone: string },
      tx: Executor,
    ): Promise<number | null> {
      await prepared.savepoint(tx).execute();
      const { rows } = await prepared.reportWaiting(tx).execute(reportParameters({ ...values, auditorId: null }, reporter));
      const waited = rows[0];
      if (waited?.id != null) return waited.id;
      // The count waited for got too far ahead: let go of it (the statement kept its row lock).
      if (waited) await prepared.letGo(tx).execute();
      return waitForCount(
        companyId,
        values.houseId,
        tx,
        (waited, last) => insertReportWith(last ? 'given' : 'kept', { ...values, auditorId: waited }, reporter, tx),
        () => insertReportWith('picked', { ...values, auditorId: null }, reporter, tx),
        true,
      );
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
