import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SettlementState } from '@baobei/shared/rules/commission';
import { consoleRecordScope, recordScope, type ScopeKind, type Viewer } from '../../access/scopes';
import type { Executor } from '../../db/client';
import { commissionPayment, commissionPolicy, house, record, recordDeal, user } from '../../db/schema';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

const reporter = alias(user, 'deal_reporter');
const payer = alias(user, 'payment_user');

/** The report a deal call names, inside the caller's scope (decision 011) or the console's company. */
export type DealReach = { viewer: Viewer; kind: ScopeKind } | { console: number };

const reachCondition = (reach: DealReach): SQL => ('console' in reach ? consoleRecordScope(reach.console) : recordScope(reach.viewer, reach.kind));

const dealColumns = {
  deal: recordDeal,
  houseName: house.name,
  customerName: record.customerName,
  reporterName: reporter.name,
};

/** Issue 17, item 5 (docs/decisions/052): record_deal and commission_payment, always through the report's scope. */
export function createDealRepository(db: Executor) {
  return {
    /** The report (status, listing) when it is inside `reach`; undefined otherwise. */
    async findReport(reach: DealReach, recordId: number, tx: Executor = db) {
      const rows = await tx
        .select({ id: record.id, companyId: record.companyId, houseId: record.houseId, status: record.status })
        .from(record)
        .where(and(reachCondition(reach), eq(record.id, recordId)))
        .limit(1);
      return rows[0];
    },

    /** The report row locked: one deal per report, and payments in turn. */
    /** Those of `ids` that are reports of the company (a batch's check). */
    async reportIdsOfCompany(companyId: number, ids: number[]): Promise<number[]> {
      const rows = await db.select({ id: record.id }).from(record).where(and(eq(record.companyId, companyId), inArray(record.id, ids)));
      return rows.map((r) => r.id);
    },

    async lockReport(recordId: number, tx: Executor) {
      await tx.execute(sql`select 1 from ${record} where ${record.id} = ${recordId} for update`);
    },

    async policiesOf(houseId: number, tx: Executor = db) {
      return tx.select().from(commissionPolicy).where(eq(commissionPolicy.houseId, houseId)).orderBy(asc(commissionPolicy.sort), asc(commissionPolicy.id));
    },

    async insertDeal(values: typeof recordDeal.$inferInsert, tx: Executor) {
      const [row] = await tx.insert(recordDeal).values(values).onConflictDoNothing({ target: recordDeal.recordId }).returning({ id: recordDeal.id });
      return row?.id;
    },

    /** The deal of a report with the names the answer shows. */
    async dealOf(recordId: number, tx: Executor = db) {
      const rows = await tx
        .select(dealColumns)
        .from(recordDeal)
        .innerJoin(record, eq(record.id, recordDeal.recordId))
        .innerJoin(house, eq(house.id, record.houseId))
        .innerJoin(reporter, eq(reporter.id, record.reporterId))
        .where(eq(recordDeal.recordId, recordId))
        .limit(1);
      return rows[0];
    },

    async payments(dealId: number, tx: Executor = db) {
      return tx
        .select({ payment: commissionPayment, createdByName: payer.name })
        .from(commissionPayment)
        .innerJoin(payer, eq(payer.id, commissionPayment.createdBy))
        .where(eq(commissionPayment.dealId, dealId))
        .orderBy(asc(commissionPayment.paidOn), asc(commissionPayment.id));
    },

    /** The adjustment at `version`; false when the version is stale. */
    async adjust(dealId: number, version: number, values: { adjustedCommissionFen: number; adjustReason: string; settlementState: SettlementState; now: Date }, tx: Executor) {
      const rows = await tx
        .update(recordDeal)
        .set({
          adjustedCommissionFen: values.adjustedCommissionFen,
          adjustReason: values.adjustReason,
          settlementState: values.settlementState,
          version: sql`${recordDeal.version} + 1`,
          updatedAt: values.now,
        })
        .where(and(eq(recordDeal.id, dealId), eq(recordDeal.version, version)))
        .returning({ id: recordDeal.id });
      return rows.length > 0;
    },

    /** A correction of the deal at `version` (fields, commission, settlement); false when the version is stale. */
    async edit(dealId: number, version: number, values: Partial<typeof recordDeal.$inferInsert> & { updatedAt: Date }, tx: Executor) {
      const rows = await tx
        .update(recordDeal)
        .set({ ...values, version: sql`${recordDeal.version} + 1` })
        .where(and(eq(recordDeal.id, dealId), eq(recordDeal.version, version)))
        .returning({ id: recordDeal.id });
      return rows.length > 0;
    },

    /** One payment of the deal, locked (a reversal of it takes turns with another). */
    async lockPayment(dealId: number, paymentId: number, tx: Executor) {
      const rows = await tx
        .select()
        .from(commissionPayment)
        .where(and(eq(commissionPayment.dealId, dealId), eq(commissionPayment.id, paymentId)))
        .for('update');
      return rows[0];
    },

    /** 冲销: the payment marked reversed (kept), the deal's paid sum and state with it. */
    async reversePayment(
      values: { dealId: number; paymentId: number; reason: string; by: number; paidFen: number; settlementState: SettlementState; now: Date },
      tx: Executor,
    ) {
      await tx
        .update(commissionPayment)
        .set({ reversedAt: values.now, reversedBy: values.by, reverseReason: values.reason })
        .where(and(eq(commissionPayment.id, values.paymentId), eq(commissionPayment.dealId, values.dealId)));
      await tx
        .update(recordDeal)
        .set({ paidFen: values.paidFen, settlementState: values.settlementState, version: sql`${recordDeal.version} + 1`, updatedAt: values.now })
        .where(eq(recordDeal.id, values.dealId));
    },

    async addPayment(
      values: typeof commissionPayment.$inferInsert & { paidFen: number; settlementState: SettlementState; now: Date },
      tx: Executor,
    ) {
      const { paidFen, settlementState, now, ...payment } = values;
      const [row] = await tx.insert(commissionPayment).values(payment).returning({ id: commissionPayment.id });
      await tx
        .update(recordDeal)
        .set({ paidFen, settlementState, version: sql`${recordDeal.version} + 1`, updatedAt: now })
        .where(eq(recordDeal.id, payment.dealId));
      return row!.id;
    },

    async insertAuditLog(values: AuditEntry, tx: Executor) {
      await writeAuditLog(tx, values);
    },

    /** A page of the scope's deals, newest signing first, and the sums over the whole scope. */
    async list(viewer: Viewer, kind: ScopeKind, state: SettlementState | undefined, page: { offset: number; limit: number }, tx: Executor = db) {
      const scope = and(recordScope(viewer, kind), eq(recordDeal.companyId, viewer.companyId))!;
      const filtered = state ? and(scope, eq(recordDeal.settlementState, state))! : scope;
      const owed = sql`coalesce(${recordDeal.adjustedCommissionFen}, ${recordDeal.commissionFen})`;
      const [rows, [sums], [counted]] = await Promise.all([
        tx
          .select(dealColumns)
          .from(recordDeal)
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .innerJoin(house, eq(house.id, record.houseId))
          .innerJoin(reporter, eq(reporter.id, record.reporterId))
          .where(filtered)
          .orderBy(desc(recordDeal.signedOn), desc(recordDeal.id))
          .offset(page.offset)
          .limit(page.limit),
        tx
          .select({
            dealCount: count(),
            totalPriceFen: sql<string>`coalesce(sum(${recordDeal.totalPriceFen}), 0)`,
            commissionFen: sql<string>`coalesce(sum(${owed}), 0)`,
            paidFen: sql<string>`coalesce(sum(${recordDeal.paidFen}), 0)`,
          })
          .from(recordDeal)
          .innerJoin(record, eq(record.id, recordDeal.recordId))
          .where(scope),
        tx.select({ n: count() }).from(recordDeal).innerJoin(record, eq(record.id, recordDeal.recordId)).where(filtered),
      ]);
      return {
        rows,
        total: counted?.n ?? 0,
        sums: {
          dealCount: sums?.dealCount ?? 0,
          totalPriceFen: Number(sums?.totalPriceFen ?? 0),
          commissionFen: Number(sums?.commissionFen ?? 0),
          paidFen: Number(sums?.paidFen ?? 0),
        },
      };
    },
  };
}

export type DealRepository = ReturnType<typeof createDealRepository>;
export type DealRow = NonNullable<Awaited<ReturnType<DealRepository['dealOf']>>>;
export type PaymentRow = Awaited<ReturnType<DealRepository['payments']>>[number];
