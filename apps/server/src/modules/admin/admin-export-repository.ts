import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SettlementState } from '@baobei/shared/rules/commission';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { Role } from '@baobei/shared/rules/roles';
import type { AdminStaffExportQuery } from '@baobei/shared/schemas/admin-export';
import type { AdminRecordFilter } from '@baobei/shared/schemas/admin-record';
import type { Executor } from '../../db/client';
import { commissionPayment, distributor, house, record, recordDeal, user } from '../../db/schema';
import { ROWS_PER_TURN } from '../../lib/excel-stream';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import { protectionDueSql } from '../../db/sql/protection-due';
import { adminRecordWhere } from './admin-record-repository';
import { containsPattern } from '../../db/sql/text-search';
import { writeAuditLog } from '../../db/audit-log';

/**
 * The SQL of the console's Excel exports (docs/decisions/049). Rows are read in keyset
 * batches, newest report first as the report table shows them, so an export of any size holds
 * one batch in memory; the scope is the caller's condition (the report table's own filter,
 * which starts with the company).
 */

/**
 * Rows per query: small enough to hold and to write between two turns of the event loop (the
 * writer yields after each batch, docs/decisions/060: 2,000 made one export's turn long enough to
 * hold every other request), large enough that the round trips do not dominate.
 */
export const EXPORT_BATCH = ROWS_PER_TURN;

const reporter = alias(user, 'reporter');
const auditor = alias(user, 'auditor');
const payer = alias(user, 'payer');

/**
 * 结佣明细 (docs/decisions/055): the company's payments paid within `days`, reached through
 * their deals (record_deal_company_idx, then commission_payment_deal_idx per deal).
 */
function paymentWhere(companyId: number, days: { first: string; last: string } | null): SQL {
  return and(
    eq(recordDeal.companyId, companyId),
    eq(commissionPayment.companyId, companyId),
    // A reversed payment (冲销, decision 080) was not paid: the export lists what counts.
    isNull(commissionPayment.reversedAt),
    days ? and(gte(commissionPayment.paidOn, days.first), lte(commissionPayment.paidOn, days.last)) : undefined,
  )!;
}

/** The report table's order: newest first, then the id (the record_company_created_idx seek). */
const RECORD_ORDER: SortKey[] = [
  { expr: record.createdAt, dir: 'desc', time: true },
  { expr: record.id, dir: 'desc' },
];
const STAFF_ORDER: SortKey[] = [{ expr: user.id, dir: 'asc' }];

const recordColumns = {
  id: record.id,
  customerName: record.customerName,
  customerPhone: record.customerPhone,
  ruleTel: house.ruleTel,
  houseName: house.name,
  distributorName: distributor.name,
  reporterName: reporter.name,
  reporterPhone: reporter.phone,
  // The shop at submit (issue 28, item 3), not the reporter's shop today.
  shopName: record.shopName,
  createdAt: record.createdAt,
  estimatedVisitTime: record.estimatedVisitTime,
  visitTime: record.visitTime,
  /** The last change: the latest of the report, its audit and its operation. */
  updatedAt: sql<Date>`greatest(${record.createdAt}, ${record.auditAt}, ${record.operateAt})`.mapWith(record.createdAt),
  status: record.status,
  auditorName: auditor.name,
  /** 保护期 (issue 28, item 4), as the table reads it. */
  protectionExpiredAt: record.protectionExpiredAt,
  protectionDueAt: protectionDueSql,
  /** The deal (docs/decisions/055): record_deal joined by its unique record_id, nulls without one. */
  signedOn: recordDeal.signedOn,
  building: recordDeal.building,
  room: recordDeal.room,
  floorArea: recordDeal.floorArea,
  totalPriceFen: recordDeal.totalPriceFen,
  commissionFen: sql<string | null>`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`,
  paidFen: recordDeal.paidFen,
  settlementState: recordDeal.settlementState,
  cursorAt: cursorTime(record.createdAt),
};


/** The accounts of the company's distributors, as the staff export filters them. */
function staffWhere(companyId: number, q: AdminStaffExportQuery): SQL {
  return and(
    eq(user.companyId, companyId),
    isNotNull(user.distributorId),
    q.distributorId ? eq(user.distributorId, q.distributorId) : undefined,
    q.role ? eq(user.role, q.role) : undefined,
    q.active !== undefined ? eq(user.active, q.active === 1) : undefined,
    q.keyword ? or(ilike(user.name, containsPattern(q.keyword)), ilike(user.phone, containsPattern(q.keyword)), ilike(user.shopName, containsPattern(q.keyword))) : undefined,
  )!;
}

export function createAdminExportRepository(db: Executor) {
  return {
    /** The report table's rows as filtered: the WHERE the table's page and count read (admin-record-repository). */
    recordsWhere: (filter: AdminRecordFilter, companyId: number, now: Date): SQL => adminRecordWhere(filter, companyId, now),

    /** The reports of `where` and the highest id among them (the export reads no later report). */
    async countRecords(where: SQL): Promise<{ rows: number; maxId: number }> {
      const [row] = await db.select({ n: count(), maxId: max(record.id) }).from(record).where(where);
      return { rows: Number(row?.n ?? 0), maxId: Number(row?.maxId ?? 0) };
    },

    /** One batch of reports of `where`, newest first, after the keyset `after` (the last row's). */
    recordBatch(where: SQL, after: readonly [string, number] | null) {
      return db
        .select(recordColumns)
        .from(record)
        .innerJoin(house, eq(house.id, record.houseId))
        .innerJoin(reporter, eq(reporter.id, record.reporterId))
        .leftJoin(distributor, eq(distributor.id, record.distributorId))
        .leftJoin(auditor, eq(auditor.id, record.auditorId))
        .leftJoin(recordDeal, eq(recordDeal.recordId, record.id))
        .where(after ? and(where, keysetAfter(RECORD_ORDER, after)) : where)
        .orderBy(...keysetOrder(RECORD_ORDER))
        .limit(EXPORT_BATCH);
    },

    /** Every report of `where` up to `maxId` (the count's: a report added meanwhile stays out), EXPORT_BATCH at a time, newest first. */
    async *records(scope: SQL, maxId: number): AsyncGenerator<ExportRecordRow[]> {
      const where = and(scope, lte(record.id, maxId))!;
      let after: readonly [string, number] | null = null;
      for (;;) {
        const rows: ExportRecordRow[] = await this.recordBatch(where, after);
        if (rows.length) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        const last = rows.at(-1)!;
        after = [last.cursorAt, last.id];
      }
    },

    async countPayments(companyId: number, days: { first: string; last: string } | null): Promise<{ rows: number; maxId: number }> {
      const [row] = await db
        .select({ n: count(), maxId: max(commissionPayment.id) })
        .from(commissionPayment)
        .innerJoin(recordDeal, eq(recordDeal.id, commissionPayment.dealId))
        .where(paymentWhere(companyId, days));
      return { rows: Number(row?.n ?? 0), maxId: Number(row?.maxId ?? 0) };
    },

    /** The payments, newest recorded first (by id), EXPORT_BATCH at a time, none after the count's `maxId`. */
    async *payments(companyId: number, days: { first: string; last: string } | null, maxId: number): AsyncGenerator<ExportPaymentRow[]> {
      let before = maxId + 1;
      for (;;) {
        const rows: ExportPaymentRow[] = await db
          .select({
            id: commissionPayment.id,
            paidOn: commissionPayment.paidOn,
            amountFen: commissionPayment.amountFen,
            reference: commissionPayment.reference,
            invoiceNo: commissionPayment.invoiceNo,
            payerName: payer.name,
            createdAt: commissionPayment.createdAt,
            recordId: record.id,
            customerName: record.customerName,
            houseName: house.name,
            building: recordDeal.building,
            room: recordDeal.room,
            reporterName: reporter.name,
            distributorName: distributor.name,
            totalPriceFen: recordDeal.totalPriceFen,
            commissionFen: sql<string>`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`,
            settlementState: recordDeal.settlementState,
          })
          .from(commissionPayment)
          .innerJoin(recordDeal, eq(recordDeal.id, commissionPayment.dealId))
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .innerJoin(house, eq(house.id, record.houseId))
          .innerJoin(reporter, eq(reporter.id, record.reporterId))
          .innerJoin(payer, eq(payer.id, commissionPayment.createdBy))
          .leftJoin(distributor, eq(distributor.id, record.distributorId))
          .where(and(paymentWhere(companyId, days), lt(commissionPayment.id, before)))
          .orderBy(desc(commissionPayment.id))
          .limit(EXPORT_BATCH);
        if (rows.length) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        before = rows.at(-1)!.id;
      }
    },

    async countStaff(companyId: number, q: AdminStaffExportQuery): Promise<number> {
      const [row] = await db.select({ n: count() }).from(user).where(staffWhere(companyId, q));
      return Number(row?.n ?? 0);
    },

    /** The distributors' accounts, EXPORT_BATCH at a time, oldest first. */
    async *staff(companyId: number, q: AdminStaffExportQuery): AsyncGenerator<ExportStaffRow[]> {
      let after: number | null = null;
      const where = staffWhere(companyId, q);
      for (;;) {
        const rows: ExportStaffRow[] = await db
          .select({
            id: user.id,
            name: user.name,
            phone: user.phone,
            role: user.role,
            distributorControl: user.distributorControl,
            shopName: user.shopName,
            active: user.active,
            createdAt: user.createdAt,
            distributorName: distributor.name,
          })
          .from(user)
          .leftJoin(distributor, eq(distributor.id, user.distributorId))
          .where(after === null ? where : and(where, keysetAfter(STAFF_ORDER, [after])))
          .orderBy(asc(user.id))
          .limit(EXPORT_BATCH);
        if (rows.length) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        after = rows.at(-1)!.id;
      }
    },

    /** Who exported what (docs/decisions/049): one row per export, before its first byte. */
    async insertAudit(values: { companyId: number; actorId: number; action: string; detail: Record<string, unknown> }) {
      await writeAuditLog(db, { ...values, entity: 'export', entityId: null });
    },
  };
}
export type AdminExportRepository = ReturnType<typeof createAdminExportRepository>;

/** A report as the export reads it: the phone as entered with its listing's rule (the service hides it). */
export interface ExportRecordRow {
  id: number;
  customerName: string;
  customerPhone: string;
  ruleTel: 'FULL' | 'MASKED';
  houseName: string;
  distributorName: string | null;
  reporterName: string;
  reporterPhone: string;
  shopName: string;
  createdAt: Date;
  estimatedVisitTime: Date;
  visitTime: Date | null;
  updatedAt: Date;
  status: RecordStatus;
  auditorName: string | null;
  protectionExpiredAt: Date | null;
  protectionDueAt: Date | null;
  signedOn: string | null;
  building: string | null;
  room: string | null;
  floorArea: number | string | null;
  totalPriceFen: number | null;
  commissionFen: number | string | null;
  paidFen: number | null;
  settlementState: SettlementState | null;
  cursorAt: string;
}

export interface ExportPaymentRow {
  id: number;
  paidOn: string;
  amountFen: number;
  reference: string;
  invoiceNo: string;
  payerName: string;
  createdAt: Date;
  recordId: number;
  customerName: string;
  houseName: string;
  building: string;
  room: string;
  reporterName: string;
  distributorName: string | null;
  totalPriceFen: number;
  commissionFen: number | string;
  settlementState: SettlementState;
}

export interface ExportStaffRow {
  id: number;
  name: string;
  phone: string;
  role: Role;
  distributorControl: boolean;
  shopName: string;
  active: boolean;
  createdAt: Date;
  distributorName: string | null;
}
