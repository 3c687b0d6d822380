import { and, asc, count, desc, eq, gte, ilike, inArray, lt, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ArrivalSearch } from '@baobei/shared/rules/arrival-search';
import { alias } from 'drizzle-orm/pg-core';
import type { PhoneRule } from '@baobei/shared/rules/house';
import { CLOSED_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import { preparedRecordScope, recordScope, recordScopeShape, recordScopeValues, recordTallyScope, type ScopeKind, type Viewer } from '../../access/scopes';
import { DAY_TALLY_SCOPES, wholeDays } from '../../db/sql/record-tally';
import type { Executor } from '../../db/client';
import { distributor, house, record, recordApproval, recordDynamic, recordImage, user } from '../../db/schema';
import { cursorTime, cursorTimeOrNull, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import type { KeysetWindow } from '../../lib/paging';
import { once } from '../../lib/prepared';
import { insertHistoryEntry } from './record-history-repository';
import { dayTallyByStatus, tallyByStatus } from './record-tally-repository';
import { protectionDueSql } from '../../db/sql/protection-due';
import { samePhoneSql } from '../../db/sql/same-customer';
import { recordKeywordCondition } from '../../db/sql/record-search';
import { awaitingVisitSql } from '../../db/sql/awaiting-visit';
import { containsPattern } from '../../db/sql/text-search';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

export type { ScopeKind, Viewer } from '../../access/scopes';

export interface RecordFilters {
  keyword: string;
  /** [start, end) or null for every date. */
  range: { start: Date; end: Date } | null;
  /** 0: every broker of the scope. */
  reporterId: number;
  /** The reader sees MASKED listings' phones hidden (docs/decisions/019): the keyword matches the hidden form there. */
  hiddenPhones?: boolean;
  /** 待到访 (docs/decisions/089): the reports waiting for their visit only, the soonest expected visit first. */
  awaitingVisit?: boolean;
}

function filterConditions(companyId: number, f: RecordFilters): SQL[] {
  const out: SQL[] = [];
  if (f.awaitingVisit) out.push(awaitingVisitSql(record.status));
  if (f.keyword) out.push(recordKeywordCondition(companyId, f.keyword, !!f.hiddenPhones));
  if (f.range) out.push(gte(record.createdAt, f.range.start), lt(record.createdAt, f.range.end));
  if (f.reporterId > 0) out.push(eq(record.reporterId, f.reporterId));
  return out;
}

/** The report lists' order, newest first; the cursor is (created_at, id) (@baobei/shared/schemas/cursor `record`). */
const LIST_ORDER: SortKey[] = [
  { expr: record.createdAt, dir: 'desc', time: true },
  { expr: record.id, dir: 'desc' },
];
export type RecordCursor = CursorValues<readonly ['time', 'id']>;
/**
 * 待到访's order (docs/decisions/089): the soonest expected visit first, on each scope's partial
 * index (record_reporter_waiting_idx and its shop and distributor peers); the cursor is
 * (estimated_visit_time, id) (@baobei/shared/schemas/cursor `recordVisit`).
 */
const VISIT_ORDER: SortKey[] = [
  { expr: record.estimatedVisitTime, dir: 'asc', time: true },
  { expr: record.id, dir: 'asc' },
];
/** The external list: waiting by expected visit, the next first; checked by the actual visit, the latest first. */
const EXTERNAL_WAITING_ORDER: SortKey[] = [
  { expr: record.estimatedVisitTime, dir: 'asc', time: true },
  { expr: record.id, dir: 'asc' },
];
const EXTERNAL_CHECKED_ORDER: SortKey[] = [
  { expr: record.visitTime, dir: 'desc', nullable: true, time: true },
  { expr: record.id, dir: 'desc' },
];
export type ExternalCursor = CursorValues<readonly ['time?', 'id']>;

/** The 案场 list's search (docs/decisions/089): a name or a phone's last four digits, and one day of expected visits. */
export interface ExternalFilter {
  search: ArrivalSearch;
  /** [start, end) of the day, or null for every day. */
  visitDay: { start: Date; end: Date } | null;
}

/**
 * The search in SQL, inside one listing's range of record_house_status_visit_idx (company,
 * listing, status, expected visit): the day is a range of the index; a name or phone tail is
 * checked on the listing's reports of that status only. The tail is the number's last four
 * digits whatever the listing's phone rule: the list shows them on a MASKED listing too.
 */
function externalConditions(f: ExternalFilter): SQL[] {
  const out: SQL[] = [];
  if (f.search.kind === 'name') out.push(ilike(record.customerName, containsPattern(f.search.name)));
  if (f.search.kind === 'tail') out.push(sql`right(${record.customerPhone}, 4) = ${f.search.tail}`);
  if (f.visitDay) out.push(gte(record.estimatedVisitTime, f.visitDay.start), lt(record.estimatedVisitTime, f.visitDay.end));
  return out;
}

const reporter = alias(user, 'reporter');
const channelUser = alias(user, 'channel_user');

/** Everything a list item and the detail show, in one row: no query per report. */
const itemColumns = {
  id: record.id,
  status: record.status,
  houseId: record.houseId,
  houseName: house.name,
  ruleTel: house.ruleTel,
  houseRecordTips: house.houseRecordTips,
  protectionMode: house.protectionMode,
  customerName: record.customerName,
  customerPhone: record.customerPhone,
  customerSex: record.customerSex,
  customerPics: record.customerPics,
  picConsentAt: record.picConsentAt,
  createdAt: record.createdAt,
  auditAt: record.auditAt,
  operateAt: record.operateAt,
  visitTime: record.visitTime,
  estimatedVisitTime: record.estimatedVisitTime,
  // What every view shows as 保护期至: the state's own protection end, none for a deal (issue 28, item 2).
  protectUntil: protectionDueSql,
  protectionExpiredAt: record.protectionExpiredAt,
  visitorNum: record.visitorNum,
  reception: record.reception,
  remark: record.remark,
  dkName: record.dkName,
  dkPhone: record.dkPhone,
  distributorName: distributor.name,
  // The shop at submit (issue 28, item 3), not the reporter's shop today.
  shopName: record.shopName,
  reporterName: reporter.name,
  reporterPhone: reporter.phone,
  channelName: channelUser.name,
  channelPhone: channelUser.phone,
  approvalResult: record.approvalResult,
  version: record.version,
  reporterId: record.reporterId,
  distributorId: record.distributorId,
  shopManagerId: record.shopManagerId,
  auditorId: record.auditorId,
};

/** A status move as changeStatus wrote it, for what follows it in the same transaction. */
export interface StatusChange {
  companyId: number;
  recordId: number;
  from: RecordStatus;
  to: RecordStatus;
  approvalResult: string;
  now: Date;
  actor: { id: number | null; name: string; phone: string };
}

export interface RecordTrackingHooks {
  /**
   * After every status move, in its transaction (issue 17, item 4: the RECORD_STATUS message to
   * the reporter and shop manager, docs/decisions/054). Every move goes through changeStatus.
   */
  onStatusChanged?: (tx: Executor, change: StatusChange) => Promise<void>;
}

export function createRecordTrackingRepository(db: Executor, hooks: RecordTrackingHooks = {}) {
  const itemQuery = (tx: Executor) =>
    tx
      .select(itemColumns)
      .from(record)
      .innerJoin(house, eq(house.id, record.houseId))
      .innerJoin(reporter, eq(reporter.id, record.reporterId))
      .leftJoin(distributor, eq(distributor.id, record.distributorId))
      .leftJoin(channelUser, eq(channelUser.id, record.channelUserId));

  /** A list page's rows: the items and the exact time of the order's first key, which their cursor needs. */
  const listQuery = (tx: Executor, order: readonly SortKey[]) =>
    tx
      .select({ ...itemColumns, cursorAt: cursorTime(order[0]!.expr) })
      .from(record)
      .innerJoin(house, eq(house.id, record.houseId))
      .innerJoin(reporter, eq(reporter.id, record.reporterId))
      .leftJoin(distributor, eq(distributor.id, record.distributorId))
      .leftJoin(channelUser, eq(channelUser.id, record.channelUserId));

  /** `order`: the list's order, whose first key's exact time the cursor takes. */
  const externalQuery = (tx: Executor, order: readonly SortKey[] = EXTERNAL_CHECKED_ORDER) =>
    tx
      .select({
        id: record.id,
        status: record.status,
        customerName: record.customerName,
        customerPhone: record.customerPhone,
        ruleTel: sql<PhoneRule>`(select ${house.ruleTel} from ${house} where ${house.id} = ${record.houseId})`,
        customerSex: record.customerSex,
        visitorNum: record.visitorNum,
        estimatedVisitTime: record.estimatedVisitTime,
        visitTime: record.visitTime,
        createdAt: record.createdAt,
        cursorAt: cursorTimeOrNull(order[0]!.expr),
        distributorName: distributor.name,
        brokerName: reporter.name,
        brokerPhone: reporter.phone,
        dkName: record.dkName,
        dkPhone: record.dkPhone,
        reception: record.reception,
        remark: record.remark,
        // 到访为王 (decision 053): the distributors with an open report of this customer on the listing
        // (the 撞单 keys: listing and masked phone, on record_duplicate_idx, then the number, decision 066).
        reportedBy: sql<number>`(select count(distinct o."distributor_id")::int from ${record} o
          where o."house_id" = ${record.houseId} and o."customer_phone_masked" = ${record.customerPhoneMasked}
            and ${samePhoneSql(sql`o."customer_phone"`, record.customerPhone)}
            and ${notInArray(sql`o."status"`, [...CLOSED_STATUSES])})`,
      })
      .from(record)
      .innerJoin(reporter, eq(reporter.id, record.reporterId))
      .leftJoin(distributor, eq(distributor.id, record.distributorId));

  /**
   * The detail's statements (the report in the viewer's scope, its approvals, dynamics and
   * images), built once and sent as named statements (decision 032): building them with drizzle
   * cost more CPU than the rest of the request. Their shape does not vary with the request but
   * for the report's scope, so one statement per scope shape (access/scopes.ts); each is a
   * lookup by primary or foreign key, whose plan a generic plan keeps. Prepared on first use, on
   * the repository's own executor only: a transaction reads through the built queries.
   */
  const preparedItems = new Map<string, ReturnType<typeof prepareItem>>();
  function prepareItem(viewer: Viewer, kind: ScopeKind, shape: string) {
    return itemQuery(db)
      .where(and(preparedRecordScope(viewer, kind), eq(record.id, sql.placeholder('id'))))
      .limit(1)
      .prepare(`record_item_${shape}`);
  }
  const approvalsQuery = (tx: Executor, recordId: number | Placeholder) =>
    tx.select().from(recordApproval).where(eq(recordApproval.recordId, recordId)).orderBy(asc(recordApproval.createdAt), asc(recordApproval.id));
  const dynamicsQuery = (tx: Executor, recordId: number | Placeholder) =>
    tx
      .select({ createdAt: recordDynamic.createdAt, userName: recordDynamic.userName, remark: recordDynamic.remark })
      .from(recordDynamic)
      .where(eq(recordDynamic.recordId, recordId))
      .orderBy(desc(recordDynamic.createdAt), desc(recordDynamic.id));
  const imagesQuery = (tx: Executor, recordId: number | Placeholder) =>
    tx.select({ id: recordImage.id, url: recordImage.url }).from(recordImage).where(eq(recordImage.recordId, recordId)).orderBy(asc(recordImage.id));
  const prepared = {
    approvals: once(() => approvalsQuery(db, sql.placeholder('recordId')).prepare('record_approvals')),
    dynamics: once(() => dynamicsQuery(db, sql.placeholder('recordId')).prepare('record_dynamics')),
    images: once(() => imagesQuery(db, sql.placeholder('recordId')).prepare('record_images')),
  };

  return {
    /**
     * One page of the viewer's scope (access/scopes.ts), newest first: after the cursor's row
     * (a seek on the scope's index, which ends in created_at, id) or at the page's OFFSET. The
     * scope applies to every page: a cursor only says where to start.
     */
    async list(viewer: Viewer, kind: ScopeKind, filters: RecordFilters, status: RecordStatus | '', page: KeysetWindow<RecordCursor>, tx: Executor = db) {
      const order = filters.awaitingVisit ? VISIT_ORDER : LIST_ORDER;
      const where = and(
        recordScope(viewer, kind),
        ...filterConditions(viewer.companyId, filters),
        status ? eq(record.status, status) : undefined,
        page.after ? keysetAfter(order, page.after) : undefined,
      );
      return listQuery(tx, order).where(where).orderBy(...keysetOrder(order)).limit(page.limit).offset(page.offset);
    },

    /**
     * The tabs' numbers: one grouped count under the scope, keyword and dates (not the status).
     * Without a filter, from record_tally (migration 0014, docs/decisions/041); with whole days
     * of a dense scope, from record_day_tally (migration 0020); with other dates or a broker, the
     * scope's index only (the indexes end in status, migration 0011); with a keyword,
     * the matches first.
     */
    async countByStatus(viewer: Viewer, kind: ScopeKind, filters: RecordFilters, tx: Executor = db): Promise<Map<RecordStatus, number>> {
      if ((kind === 'own' || kind === 'company') && !filters.keyword && filters.reporterId === 0 && !filters.awaitingVisit) {
        if (!filters.range) return tallyByStatus(viewer, kind, tx);
        // A range of whole days (the presets, 自选时间) of a dense scope: its days' kept counts.
        const days = wholeDays(filters.range);
        const keys = recordTallyScope(viewer, kind);
        if (keys === 'nothing') return new Map();
        if (days && DAY_TALLY_SCOPES.has(keys.scope)) return dayTallyByStatus(viewer, keys, days, tx);
      }
      const rows = await tx
        .select({ status: record.status, n: count() })
        .from(record)
        .where(and(recordScope(viewer, kind), ...filterConditions(viewer.companyId, filters)))
        .groupBy(record.status);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },

    async findItem(viewer: Viewer, kind: ScopeKind, id: number, tx: Executor = db) {
      if (tx !== db) {
        const rows = await itemQuery(tx)
          .where(and(recordScope(viewer, kind), eq(record.id, id)))
          .limit(1);
        return rows[0];
      }
      const shape = recordScopeShape(viewer, kind);
      let query = preparedItems.get(shape);
      if (!query) preparedItems.set(shape, (query = prepareItem(viewer, kind, shape)));
      const rows = await query.execute({ ...recordScopeValues(viewer), id });
      return rows[0];
    },

    /** The report row locked for a change (images: the count of nine stays true under concurrency). */
    async lockReport(id: number, tx: Executor) {
      await tx.execute(sql`select 1 from ${record} where ${record.id} = ${id} for update`);
    },

    async approvals(recordId: number, tx: Executor = db) {
      return tx === db ? prepared.approvals().execute({ recordId }) : approvalsQuery(tx, recordId);
    },

    async dynamics(recordId: number, tx: Executor = db) {
      return tx === db ? prepared.dynamics().execute({ recordId }) : dynamicsQuery(tx, recordId);
    },

    async images(recordId: number, tx: Executor = db) {
      return tx === db ? prepared.images().execute({ recordId }) : imagesQuery(tx, recordId);
    },

    async addImage(values: { recordId: number; url: string; uploadedBy: number }, tx: Executor = db) {
      const rows = await tx.insert(recordImage).values(values).returning({ id: recordImage.id, url: recordImage.url });
      return rows[0]!;
    },

    async removeImage(recordId: number, imageId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(recordImage)
        .where(and(eq(recordImage.id, imageId), eq(recordImage.recordId, recordId)))
        .returning({ id: recordImage.id });
      return rows.length > 0;
    },

    async addDynamic(values: { recordId: number; userId: number; userName: string; remark: string }, tx: Executor = db) {
      await tx.insert(recordDynamic).values(values);
    },

    /**
     * A status change where the version still matches (STYLE.md: report, history entry and
     * audit-log row in one transaction, which the caller opens). False when another change won.
     */
    async changeStatus(
      change: {
        companyId: number;
        recordId: number;
        version: number;
        from: RecordStatus;
        to: RecordStatus;
        /** Also require this status (the external check: only while waiting). */
        requireFrom?: boolean;
        approvalResult: string;
        visitTime: Date | null;
        now: Date;
        actor: { id: number | null; name: string; phone: string };
        action: string;
        /** More of the audit row's detail (the console's reopen: the actor's role; the move itself is from/to). */
        detail?: Record<string, unknown>;
      },
      tx: Executor,
    ): Promise<boolean> {
      const at = change.now.toISOString();
      const updated = await tx
        .update(record)
        .set({
          status: change.to,
          version: sql`${record.version} + 1`,
          auditAt: sql`coalesce(${record.auditAt}, ${at}::timestamptz)`,
          operateAt: change.now,
          approvalResult: change.approvalResult,
          ...(change.visitTime ? { visitTime: change.visitTime } : {}),
        })
        .where(
          and(
            eq(record.id, change.recordId),
            eq(record.companyId, change.companyId),
            eq(record.version, change.version),
            change.requireFrom ? eq(record.status, change.from) : undefined,
          ),
        )
        .returning({ estimatedVisitTime: record.estimatedVisitTime, visitorNum: record.visitorNum });
      const row = updated[0];
      if (!row) return false;
      await insertHistoryEntry(tx, {
        recordId: change.recordId,
        status: change.to,
        actor: change.actor,
        note: change.approvalResult,
        visitTime: change.visitTime,
        estimatedVisitTime: row.estimatedVisitTime,
        visitorNum: row.visitorNum,
        at: change.now,
      });
      await writeAuditLog(tx, {
        companyId: change.companyId,
        actorId: change.actor.id,
        action: change.action,
        entity: 'record',
        entityId: change.recordId,
        detail: { ...change.detail, from: change.from, to: change.to, version: change.version + 1 },
      });
      await hooks.onStatusChanged?.(tx, change);
      return true;
    },

    async insertAuditLog(values: AuditEntry, tx: Executor = db) {
      await writeAuditLog(tx, values);
    },

    // External list (signed link, docs/decisions/011).

    async findHouse(companyId: number, houseId: number, tx: Executor = db) {
      const rows = await tx
        .select({ id: house.id, name: house.name, version: house.externalLinkVersion, protectionMode: house.protectionMode })
        .from(house)
        .where(and(eq(house.id, houseId), eq(house.companyId, companyId)))
        .limit(1);
      return rows[0];
    },

    /** A page of one listing's waiting or checked reports; `total` only without a cursor (null otherwise). */
    async externalList(
      companyId: number,
      houseId: number,
      statuses: readonly RecordStatus[],
      filter: ExternalFilter,
      page: KeysetWindow<ExternalCursor>,
      tx: Executor = db,
    ) {
      const where = and(eq(record.companyId, companyId), eq(record.houseId, houseId), inArray(record.status, [...statuses]), ...externalConditions(filter));
      // Waiting: the next expected arrival first; checked: the latest arrival first.
      const order = statuses.length === 1 && statuses[0] === 'RECORDCOMPLETE' ? EXTERNAL_WAITING_ORDER : EXTERNAL_CHECKED_ORDER;
      const [rows, total] = await Promise.all([
        externalQuery(tx, order)
          .where(and(where, page.after ? keysetAfter(order, page.after) : undefined))
          .orderBy(...keysetOrder(order))
          .limit(page.limit)
          .offset(page.offset),
        page.after ? null : tx.select({ n: count() }).from(record).where(where),
      ]);
      return { rows, total: total ? Number(total[0]?.n ?? 0) : null };
    },

    async externalCounts(companyId: number, houseId: number, checked: readonly RecordStatus[], filter: ExternalFilter, tx: Executor = db) {
      const rows = await tx
        .select({ status: record.status, n: count() })
        .from(record)
        .where(
          and(eq(record.companyId, companyId), eq(record.houseId, houseId), inArray(record.status, ['RECORDCOMPLETE', ...checked]), ...externalConditions(filter)),
        )
        .groupBy(record.status);
      let waiting = 0;
      let done = 0;
      for (const r of rows) {
        if (r.status === 'RECORDCOMPLETE') waiting += Number(r.n);
        else done += Number(r.n);
      }
      return { waiting, checked: done };
    },

    async externalReport(companyId: number, houseId: number, id: number, tx: Executor = db) {
      const rows = await externalQuery(tx)
        .where(and(eq(record.id, id), eq(record.companyId, companyId), eq(record.houseId, houseId)))
        .limit(1);
      return rows[0];
    },

    async findOfHouse(companyId: number, houseId: number, id: number, tx: Executor = db) {
      const rows = await tx
        .select({ id: record.id, status: record.status, version: record.version, createdAt: record.createdAt })
        .from(record)
        .where(and(eq(record.id, id), eq(record.companyId, companyId), eq(record.houseId, houseId)))
        .limit(1);
      return rows[0];
    },
  };
}

export type RecordTrackingRepository = ReturnType<typeof createRecordTrackingRepository>;
export type RecordItemRow = NonNullable<Awaited<ReturnType<RecordTrackingRepository['findItem']>>>;
export type ExternalRow = Awaited<ReturnType<RecordTrackingRepository['externalList']>>['rows'][number];
