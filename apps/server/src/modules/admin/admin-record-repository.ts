import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { FUNNEL_STEP_RULE, type FunnelStageFilter } from '@baobei/shared/rules/channel-dashboard';
import { customRange, presetRange, type DateRange } from '@baobei/shared/rules/date-presets';
import { EXPIRING_STATUSES, type ProtectionState } from '@baobei/shared/rules/record-view';
import { searchesEnteredPhone } from '@baobei/shared/rules/report-phone';
import { AUDITOR_ROLES } from '@baobei/shared/rules/roles';
import type { AdminRecordFilter } from '@baobei/shared/schemas/admin-record';
import type { TallyScope } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { company, distributor, house, record, recordDayTally, recordDeal, recordTally, user } from '../../db/schema';
import { protectionDueSql } from '../../db/sql/protection-due';
import { DAY_TALLY_SCOPES, wholeDays } from '../../db/sql/record-tally';
import { hasCase, shortKeywordGrams, containsPattern } from '../../db/sql/text-search';
import { recordKeywordCondition } from '../../db/sql/record-search';

/** Both console roles read reports alike (docs/decisions/048, 049). */
const CONSOLE_SEARCHES_ENTERED_PHONE = searchesEnteredPhone('OPERATOR') && searchesEnteredPhone('PLATFORM_ADMIN');

/**
 * The report time range of a filter ([start, end), Shanghai days), or null for every date:
 * a preset of the mobile list, or 自选时间 (both days included).
 */
export function adminRecordRange(filter: Pick<AdminRecordFilter, 'datePreset' | 'dateFrom' | 'dateTo'>, now: Date = new Date()): DateRange | null {
  const preset = filter.datePreset ?? (filter.dateFrom && filter.dateTo ? 99 : 0);
  if (preset === 99) return filter.dateFrom && filter.dateTo ? customRange(filter.dateFrom, filter.dateTo) : null;
  return presetRange(preset, now);
}

/**
 * The 保护期 filter: the shared `protectionState` in SQL. The warning hours are the company's
 * (one row by its key, read once per statement).
 */
function protectionStateSql(state: ProtectionState, companyId: number, now: Date): SQL {
  const timed = inArray(record.status, [...EXPIRING_STATUSES]);
  if (state === 'EXPIRED') return and(timed, isNotNull(record.protectionExpiredAt))!;
  const warnFrom = sql`${now.toISOString()}::timestamptz + (select ${company.protectionWarningHours} from ${company} where ${company.id} = ${companyId}) * interval '1 hour'`;
  const due = state === 'EXPIRING' ? sql`${protectionDueSql} <= ${warnFrom}` : sql`${protectionDueSql} > ${warnFrom}`;
  return and(timed, isNull(record.protectionExpiredAt), due)!;
}

/**
 * The console's report table as filtered (docs/decisions/048), as one WHERE condition on
 * `record` for a viewer's company: the table's page and count, and the Excel export of the same
 * table, read exactly these rows. Every report of the company; the keyword is the mobile lists'
 * indexed one (decision 016/041), and on a MASKED listing it matches the number as the console
 * reads it, hidden (decision 019's searchesEnteredPhone), so a search cannot reveal digits.
 */
export function adminRecordWhere(filter: AdminRecordFilter, companyId: number, now: Date = new Date()): SQL {
  const range = adminRecordRange(filter, now);
  return and(
    eq(record.companyId, companyId),
    filter.status ? eq(record.status, filter.status) : undefined,
    range ? gte(record.createdAt, range.start) : undefined,
    range ? lt(record.createdAt, range.end) : undefined,
    filter.houseId ? eq(record.houseId, filter.houseId) : undefined,
    filter.distributorId ? eq(record.distributorId, filter.distributorId) : undefined,
    filter.reporterId ? eq(record.reporterId, filter.reporterId) : undefined,
    filter.shopId ? eq(record.shopManagerId, filter.shopId) : undefined,
    filter.auditorId ? eq(record.auditorId, filter.auditorId) : undefined,
    filter.keyword ? recordKeywordCondition(companyId, filter.keyword, !CONSOLE_SEARCHES_ENTERED_PHONE) : undefined,
    filter.protection ? protectionStateSql(filter.protection, companyId, now) : undefined,
    filter.stage ? stageSql(filter.stage) : undefined,
    filter.phoneKey ? eq(record.customerPhoneMasked, filter.phoneKey) : undefined,
    filter.cityId ? inArray(record.houseId, sql`(select ${house.id} from ${house} where ${house.companyId} = ${companyId} and ${house.cityId} = ${filter.cityId})`) : undefined,
  )!;
}

/** 数据驾驶舱's funnel step as a condition on the report (FUNNEL_STEP_RULE): its status, and for 结佣 its deal settled. */
function stageSql(stage: FunnelStageFilter): SQL {
  const rule = FUNNEL_STEP_RULE[stage];
  return and(
    inArray(record.status, [...rule.statuses]),
    rule.settled
      ? sql`exists (select 1 from ${recordDeal} where ${recordDeal.recordId} = ${record.id} and ${recordDeal.settlementState} = 'SETTLED')`
      : undefined,
  )!;
}

const reporter = alias(user, 'reporter');
const auditor = alias(user, 'auditor');

/** `%` and `_` typed by the operator are letters, not wildcards. */

/** A row of the report table, in one statement (no query per report). */
const rowColumns = {
  id: record.id,
  status: record.status,
  customerName: record.customerName,
  customerPhone: record.customerPhone,
  customerSex: record.customerSex,
  houseId: record.houseId,
  houseName: house.name,
  ruleTel: house.ruleTel,
  distributorId: record.distributorId,
  distributorName: distributor.name,
  reporterId: record.reporterId,
  reporterName: reporter.name,
  reporterPhone: reporter.phone,
  // The shop at submit (issue 28, item 3), not the reporter's shop today.
  shopName: record.shopName,
  auditorId: record.auditorId,
  auditorName: auditor.name,
  createdAt: record.createdAt,
  visitTime: record.visitTime,
  estimatedVisitTime: record.estimatedVisitTime,
  version: record.version,
  /** 保护期 (issue 28, item 4): the stored expiry and the one "protected until" expression. */
  protectionExpiredAt: record.protectionExpiredAt,
  protectionDueAt: protectionDueSql,
  /** The deal in short (docs/decisions/055): record_deal joined by its unique record_id, null without one. */
  dealTotalPriceFen: recordDeal.totalPriceFen,
  dealCommissionFen: sql<string | null>`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`,
  dealPaidFen: recordDeal.paidFen,
  dealSettlementState: recordDeal.settlementState,
};

/**
 * The record_tally key that counts a filter exactly, or null (docs/decisions/041, 048). With a
 * date range, record_day_tally's key: only its scopes, and only whole Shanghai days.
 */
function tallyKey(filter: AdminRecordFilter, now: Date): { scope: TallyScope; id: number; days: { from: string; to: string } | null } | null {
  if (filter.keyword || filter.houseId || filter.protection || filter.stage || filter.cityId || filter.phoneKey || filter.shopId) return null;
  const range = adminRecordRange(filter, now);
  const days = range ? wholeDays(range) : null;
  if (range && !days) return null;
  const keys = [
    filter.distributorId ? { scope: 'distributor' as const, id: filter.distributorId } : null,
    filter.reporterId ? { scope: 'reporter' as const, id: filter.reporterId } : null,
    filter.auditorId ? { scope: 'auditor' as const, id: filter.auditorId } : null,
  ].filter((k) => k !== null);
  if (keys.length > 1) return null;
  const key = keys[0] ?? { scope: 'company' as const, id: 0 };
  if (days && !DAY_TALLY_SCOPES.has(key.scope)) return null;
  return { ...key, days };
}

/**
 * The console's report SQL (issue 16, item 3; docs/decisions/048). Every statement names the
 * company (adminRecordWhere, or record.company_id beside the id), so another company's report
 * finds nothing.
 */
export function createAdminRecordRepository(db: Executor) {
  const rowQuery = (tx: Executor) =>
    tx
      .select(rowColumns)
      .from(record)
      .innerJoin(house, eq(house.id, record.houseId))
      .innerJoin(reporter, eq(reporter.id, record.reporterId))
      .leftJoin(distributor, eq(distributor.id, record.distributorId))
      .leftJoin(auditor, eq(auditor.id, record.auditorId))
      .leftJoin(recordDeal, eq(recordDeal.recordId, record.id));

  return {
    /** A page of the table, newest first (the scope indexes end in created_at, id). */
    async list(filter: AdminRecordFilter, companyId: number, page: { limit: number; offset: number }, now: Date) {
      return rowQuery(db)
        .where(adminRecordWhere(filter, companyId, now))
        .orderBy(desc(record.createdAt), desc(record.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /**
     * The filter's total: from record_tally when the filter is one of its keys (the company, a
     * distributor, a broker or an auditor, with or without a status), from record_day_tally when
     * it adds whole days to the company, a distributor or an auditor (migration 0020), else a
     * count over the filter's index (never the table: every filter column leads an index with company_id).
     */
    async count(filter: AdminRecordFilter, companyId: number, now: Date): Promise<number> {
      const key = tallyKey(filter, now);
      if (key?.days) {
        const rows = await db
          .select({ n: sql<number>`coalesce(sum(${recordDayTally.n}), 0)::int` })
          .from(recordDayTally)
          .where(
            and(
              eq(recordDayTally.companyId, companyId),
              eq(recordDayTally.scope, key.scope as 'company'),
              eq(recordDayTally.scopeId, key.id),
              gte(recordDayTally.day, key.days.from),
              lt(recordDayTally.day, key.days.to),
              filter.status ? eq(recordDayTally.status, filter.status) : undefined,
            ),
          );
        return Number(rows[0]?.n ?? 0);
      }
      if (key) {
        const rows = await db
          .select({ n: sql<number>`coalesce(sum(${recordTally.n}), 0)::int` })
          .from(recordTally)
          .where(
            and(
              eq(recordTally.companyId, companyId),
              eq(recordTally.scope, key.scope),
              eq(recordTally.scopeId, key.id),
              filter.status ? eq(recordTally.status, filter.status) : undefined,
            ),
          );
        return Number(rows[0]?.n ?? 0);
      }
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(record).where(adminRecordWhere(filter, companyId, now));
      return Number(rows[0]?.n ?? 0);
    },

    /** The company's warning hours: when a protection counts as 即将到期 (the reporter's warning). */
    async warningHours(companyId: number): Promise<number> {
      const rows = await db.select({ hours: company.protectionWarningHours }).from(company).where(eq(company.id, companyId)).limit(1);
      return rows[0]?.hours ?? 24;
    },

    /** The versions of those of `ids` that are reports of the company (a batch's check). */
    async versionsOf(companyId: number, ids: number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: record.id, version: record.version })
        .from(record)
        .where(and(eq(record.companyId, companyId), inArray(record.id, ids)));
      return new Map(rows.map((r) => [r.id, r.version]));
    },

    async findRow(companyId: number, id: number, tx: Executor = db) {
      const rows = await rowQuery(tx)
        .where(and(eq(record.id, id), eq(record.companyId, companyId)))
        .limit(1);
      return rows[0];
    },

    /**
     * The filter form's choices: 50 at most by name (or phone), the chosen one (`chosen`) first
     * whatever the keyword, so the select can show its label. Listings without a keyword are those
     * on sale in the app's order (house_active_sort_idx); a keyword finds withdrawn ones too.
     */
    async options(kind: 'house' | 'distributor' | 'broker' | 'auditor', companyId: number, keyword: string, chosen: number | undefined) {
      const limit = 50;
      const p = keyword ? containsPattern(keyword) : null;
      const matches = (column: AnyPgColumn) => (keyword && hasCase(keyword) ? ilike(column, p!) : sql`${column} like ${p}`);
      const read = async (extra: SQL | undefined, max: number) => {
        if (kind === 'house') {
          return db
            .select({ value: house.id, label: house.name, active: house.active, vacation: sql<number>`0` })
            .from(house)
            .where(and(eq(house.companyId, companyId), extra ?? (p ? and(matches(house.name), shortKeywordGrams(keyword)) : eq(house.active, true))))
            .orderBy(asc(house.sort), asc(house.id))
            .limit(max);
        }
        if (kind === 'distributor') {
          return db
            .select({ value: distributor.id, label: distributor.name, active: distributor.active, vacation: sql<number>`0` })
            .from(distributor)
            .where(and(eq(distributor.companyId, companyId), extra ?? (p ? or(matches(distributor.name), matches(distributor.shortName)) : undefined)))
            .orderBy(desc(distributor.active), asc(distributor.name), asc(distributor.id))
            .limit(max);
        }
        // Auditors: the AUDITORADMIN audits too (and may be given a report), as the reassign accepts.
        const roles = kind === 'auditor' ? [...AUDITOR_ROLES] : ['YUEWUYUAN' as const, 'DIANZHANG' as const];
        return db
          .select({ value: user.id, label: sql<string>`${user.name} || ' ' || ${user.phone}`, active: user.active, vacation: user.vacation })
          .from(user)
          .where(and(eq(user.companyId, companyId), inArray(user.role, roles), extra ?? (p ? or(matches(user.name), matches(user.phone)) : undefined)))
          .orderBy(desc(user.active), asc(user.name), asc(user.id))
          .limit(max);
      };
      const idOf = kind === 'house' ? house.id : kind === 'distributor' ? distributor.id : user.id;
      const [first, rows] = await Promise.all([chosen ? read(eq(idOf, chosen), 1) : [], read(undefined, limit)]);
      return [...first, ...rows.filter((r) => r.value !== chosen)].slice(0, limit);
    },
  };
}

export type AdminRecordRepository = ReturnType<typeof createAdminRecordRepository>;
export type AdminRecordRowData = NonNullable<Awaited<ReturnType<AdminRecordRepository['findRow']>>>;
