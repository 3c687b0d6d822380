import { and, asc, count, countDistinct, eq, gte, inArray, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SettlementState } from '@baobei/shared/rules/commission';
import { consoleRecordScope, statementScope, type StatementReach } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { commissionPayment, distributor, house, record, recordDeal, user } from '../../db/schema';
import { keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';

/**
 * 对账单 (issue 30, item 6; docs/decisions/082): the deals of a statement, read through its
 * scope (access/scopes.ts `statementScope`) and the month's signing days. Sums are SQL's, in
 * 分; paid is the deals' paid_fen, which counts the payments not reversed (decision 080), as
 * the deal summary does. The deals come from record_deal_company_idx (company, signed_on), the
 * reports by their key, the payments of a page in one query by commission_payment_deal_idx.
 */
const reporter = alias(user, 'statement_reporter');

export type StatementDays = { first: string; last: string };

const owed = sql`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`;

const sumColumns = {
  dealCount: count(),
  totalPriceFen: sql<string>`coalesce(sum(${recordDeal.totalPriceFen}), 0)`,
  commissionFen: sql<string>`coalesce(sum(${owed}), 0)`,
  paidFen: sql<string>`coalesce(sum(${recordDeal.paidFen}), 0)`,
};

type RawSums = { dealCount: number; totalPriceFen: string; commissionFen: string; paidFen: string };
const sumsOf = (row: RawSums | undefined) => ({
  dealCount: Number(row?.dealCount ?? 0),
  totalPriceFen: Number(row?.totalPriceFen ?? 0),
  commissionFen: Number(row?.commissionFen ?? 0),
  paidFen: Number(row?.paidFen ?? 0),
});

/** The statement's order: oldest signing first, then the deal. */
export const STATEMENT_ORDER: SortKey[] = [
  { expr: recordDeal.signedOn, dir: 'asc' },
  { expr: recordDeal.id, dir: 'asc' },
];
const PAYMENT_ORDER: SortKey[] = [
  { expr: commissionPayment.paidOn, dir: 'asc' },
  { expr: commissionPayment.id, dir: 'asc' },
];

const dealColumns = {
  dealId: recordDeal.id,
  recordId: recordDeal.recordId,
  signedOn: recordDeal.signedOn,
  customerName: record.customerName,
  houseName: house.name,
  building: recordDeal.building,
  room: recordDeal.room,
  reporterName: reporter.name,
  // The shop at submit (issue 28, item 3).
  shopName: record.shopName,
  totalPriceFen: recordDeal.totalPriceFen,
  commissionFen: sql<string>`${owed}`.mapWith(Number),
  paidFen: recordDeal.paidFen,
  settlementState: recordDeal.settlementState,
};
export type StatementDealRow = {
  dealId: number;
  recordId: number;
  signedOn: string;
  customerName: string;
  houseName: string;
  building: string;
  room: string;
  reporterName: string;
  shopName: string;
  totalPriceFen: number;
  commissionFen: number;
  paidFen: number;
  settlementState: SettlementState;
};

const paymentColumns = {
  id: commissionPayment.id,
  dealId: commissionPayment.dealId,
  paidOn: commissionPayment.paidOn,
  amountFen: commissionPayment.amountFen,
  invoiceNo: commissionPayment.invoiceNo,
  reference: commissionPayment.reference,
  reversedAt: commissionPayment.reversedAt,
  reverseReason: commissionPayment.reverseReason,
};
export type StatementPaymentRow = {
  id: number;
  dealId: number;
  paidOn: string;
  amountFen: number;
  invoiceNo: string;
  reference: string;
  reversedAt: Date | null;
  reverseReason: string;
};
/** A payment with its deal, for the export's second sheet. */
export type StatementPaymentExportRow = StatementPaymentRow & { recordId: number; customerName: string; building: string; room: string };

export function createStatementRepository(db: Executor) {
  /** The deals of the reports of `scope` signed within the days (the one condition of every query here). */
  const signedIn = (scope: SQL, days: StatementDays): SQL =>
    and(scope, eq(recordDeal.companyId, record.companyId), gte(recordDeal.signedOn, days.first), lte(recordDeal.signedOn, days.last))!;
  const dealsWhere = (reach: StatementReach, days: StatementDays): SQL => signedIn(statementScope(reach), days);

  return {
    /** The company's distributor by id (the console's statement names one), or undefined. */
    async distributorOf(companyId: number, distributorId: number) {
      const [row] = await db
        .select({ id: distributor.id, name: distributor.name })
        .from(distributor)
        .where(and(eq(distributor.companyId, companyId), eq(distributor.id, distributorId)))
        .limit(1);
      return row;
    },

    /**
     * 对账单列表: one row per distributor with deals in the days, by distributor id, a page of
     * them, their number and the sums over all of them. Deals of reports without a distributor
     * have nobody to settle with and are in no statement.
     */
    async list(companyId: number, days: StatementDays, distributorId: number | undefined, page: { offset: number; limit: number }) {
      const where = signedIn(
        distributorId === undefined ? and(consoleRecordScope(companyId), isNotNull(record.distributorId))! : statementScope({ console: companyId, distributorId }),
        days,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select({ distributorId: distributor.id, distributorName: distributor.name, ...sumColumns })
          .from(recordDeal)
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .innerJoin(distributor, eq(distributor.id, record.distributorId))
          .where(and(where, eq(recordDeal.companyId, companyId)))
          .groupBy(distributor.id, distributor.name)
          .orderBy(asc(distributor.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ distributors: countDistinct(record.distributorId), ...sumColumns })
          .from(recordDeal)
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .where(and(where, eq(recordDeal.companyId, companyId))),
      ]);
      return {
        rows: rows.map((r) => ({ distributorId: r.distributorId, distributorName: r.distributorName, sums: sumsOf(r) })),
        total: Number(totals?.distributors ?? 0),
        sums: sumsOf(totals),
      };
    },

    /** The statement's sums over all its deals, and the id of its newest deal (an export stops there). */
    async sums(reach: StatementReach, days: StatementDays) {
      const [row] = await db
        .select({ ...sumColumns, maxDealId: max(recordDeal.id) })
        .from(recordDeal)
        .innerJoin(record, eq(record.id, recordDeal.recordId))
        .where(dealsWhere(reach, days));
      return { sums: sumsOf(row), maxDealId: Number(row?.maxDealId ?? 0) };
    },

    /** A page of the statement's deals in its order. */
    async deals(reach: StatementReach, days: StatementDays, page: { offset: number; limit: number }): Promise<StatementDealRow[]> {
      return db
        .select(dealColumns)
        .from(recordDeal)
        .innerJoin(record, eq(record.id, recordDeal.recordId))
        .innerJoin(house, eq(house.id, record.houseId))
        .innerJoin(reporter, eq(reporter.id, record.reporterId))
        .where(dealsWhere(reach, days))
        .orderBy(...keysetOrder(STATEMENT_ORDER))
        .offset(page.offset)
        .limit(page.limit);
    },

    /** Every payment of these deals, reversed ones too, in date order: one query for a page. */
    async paymentsOf(dealIds: number[]): Promise<StatementPaymentRow[]> {
      if (dealIds.length === 0) return [];
      return db
        .select(paymentColumns)
        .from(commissionPayment)
        .where(inArray(commissionPayment.dealId, dealIds))
        .orderBy(...keysetOrder(PAYMENT_ORDER));
    },

    /** The number of payments of the statement's deals (the export's second sheet), and the newest's id. */
    async countPayments(reach: StatementReach, days: StatementDays, maxDealId: number) {
      const [row] = await db
        .select({ n: count(), maxId: max(commissionPayment.id) })
        .from(commissionPayment)
        .innerJoin(recordDeal, eq(recordDeal.id, commissionPayment.dealId))
        .innerJoin(record, eq(record.id, recordDeal.recordId))
        .where(and(dealsWhere(reach, days), lte(recordDeal.id, maxDealId)));
      return { rows: Number(row?.n ?? 0), maxId: Number(row?.maxId ?? 0) };
    },

    /** The statement's deals in keyset batches of `batch` (the export), none after `maxDealId`. */
    async *dealBatches(reach: StatementReach, days: StatementDays, maxDealId: number, batch: number): AsyncGenerator<StatementDealRow[]> {
      let after: [string, number] | null = null;
      for (;;) {
        const rows: StatementDealRow[] = await db
          .select(dealColumns)
          .from(recordDeal)
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .innerJoin(house, eq(house.id, record.houseId))
          .innerJoin(reporter, eq(reporter.id, record.reporterId))
          .where(and(dealsWhere(reach, days), lte(recordDeal.id, maxDealId), after ? keysetAfter(STATEMENT_ORDER, after) : undefined))
          .orderBy(...keysetOrder(STATEMENT_ORDER))
          .limit(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        const last = rows.at(-1)!;
        after = [last.signedOn, last.dealId];
      }
    },

    /** The statement's payments with their deals in keyset batches (the export), none after `maxId`. */
    async *paymentBatches(reach: StatementReach, days: StatementDays, maxDealId: number, maxId: number, batch: number): AsyncGenerator<StatementPaymentExportRow[]> {
      let after: [string, number] | null = null;
      for (;;) {
        const rows: StatementPaymentExportRow[] = await db
          .select({ ...paymentColumns, recordId: recordDeal.recordId, customerName: record.customerName, building: recordDeal.building, room: recordDeal.room })
          .from(commissionPayment)
          .innerJoin(recordDeal, eq(recordDeal.id, commissionPayment.dealId))
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .where(
            and(
              dealsWhere(reach, days),
              lte(recordDeal.id, maxDealId),
              lte(commissionPayment.id, maxId),
              after ? keysetAfter(PAYMENT_ORDER, after) : undefined,
            ),
          )
          .orderBy(...keysetOrder(PAYMENT_ORDER))
          .limit(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        const last = rows.at(-1)!;
        after = [last.paidOn, last.id];
      }
    },
  };
}

export type StatementRepository = ReturnType<typeof createStatementRepository>;
