import { statementMessages as text } from '@baobei/shared/messages/statement';
import { isGeneralAccount } from '@baobei/shared/rules/access';
import { formatFen, settlementText } from '@baobei/shared/rules/commission';
import { statementDays, statementMonthOf } from '@baobei/shared/rules/statement';
import { dealSumsOf } from '@baobei/shared/schemas/deal-sums';
import type { AdminStatementGetQuery, AdminStatementList, AdminStatementListQuery, Statement, StatementDeal } from '@baobei/shared/schemas/statement';
import type { StatementReach, Viewer } from '../../access/scopes';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { StatementDays, StatementDealRow, StatementPaymentRow, StatementRepository } from './statement-repository';

/** One statement resolved: whose, which days, and the SQL scope every query of it reads. */
export interface StatementTarget {
  distributorId: number;
  distributorName: string;
  month: string;
  days: StatementDays;
  /** Whose deals: the console's distributor, or the general account's own (access/scopes.ts statementScope). */
  reach: StatementReach;
}

/**
 * 对账单 (issue 30, item 6; docs/decisions/082). The period rule is rules/statement.ts's; the
 * sums are SQL's over the whole statement, the deals a page at a time with their payments.
 */
export function createStatementService(deps: { statements: StatementRepository; now?: () => Date }) {
  const { statements } = deps;
  const clock = deps.now ?? (() => new Date());
  const monthOf = (month: string | undefined) => month ?? statementMonthOf(clock());

  function toDeal(row: StatementDealRow, payments: StatementPaymentRow[]): StatementDeal {
    const pendingFen = Math.max(row.commissionFen - row.paidFen, 0);
    return {
      ...row,
      totalPrice: formatFen(row.totalPriceFen),
      commission: formatFen(row.commissionFen),
      paid: formatFen(row.paidFen),
      pendingFen,
      pending: formatFen(pendingFen),
      settlementText: settlementText(row.settlementState),
      payments: payments.map((p) => ({
        id: p.id,
        paidOn: p.paidOn,
        amountFen: p.amountFen,
        amount: formatFen(p.amountFen),
        invoiceNo: p.invoiceNo,
        reference: p.reference,
        reversed: p.reversedAt !== null,
        reverseReason: p.reverseReason,
      })),
    };
  }

  /** The console's target: a distributor of the company (another's, or none, is 404). */
  async function consoleTarget(companyId: number, distributorId: number, month: string | undefined): Promise<StatementTarget> {
    const found = await statements.distributorOf(companyId, distributorId);
    if (!found) throw new NotFoundError(text.distributorNotFound);
    const m = monthOf(month);
    return { distributorId, distributorName: found.name, month: m, days: statementDays(m), reach: { console: companyId, distributorId } };
  }

  /** The phone's target: the general account's own distributor; anyone else 403. */
  async function ownTarget(viewer: Viewer, month: string | undefined): Promise<StatementTarget> {
    if (!isGeneralAccount(viewer) || viewer.distributorId === null) throw new ForbiddenError(text.generalAccountOnly);
    const found = await statements.distributorOf(viewer.companyId, viewer.distributorId);
    if (!found) throw new ForbiddenError(text.generalAccountOnly);
    const m = monthOf(month);
    return { distributorId: found.id, distributorName: found.name, month: m, days: statementDays(m), reach: { viewer } };
  }

  async function statementOf(target: StatementTarget, page: { page: number; pageSize: number }): Promise<Statement> {
    const [{ sums }, rows] = await Promise.all([
      statements.sums(target.reach, target.days),
      statements.deals(target.reach, target.days, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize }),
    ]);
    const payments = await statements.paymentsOf(rows.map((r) => r.dealId));
    const byDeal = new Map<number, StatementPaymentRow[]>();
    for (const p of payments) byDeal.set(p.dealId, [...(byDeal.get(p.dealId) ?? []), p]);
    return {
      distributorId: target.distributorId,
      distributorName: target.distributorName,
      month: target.month,
      range: target.days,
      sums: dealSumsOf(sums),
      deals: rows.map((r) => toDeal(r, byDeal.get(r.dealId) ?? [])),
      total: sums.dealCount,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  return {
    consoleTarget,

    /** `/api/admin/statement/list`: the month's distributors with deals, a page of them. */
    async list(companyId: number, query: AdminStatementListQuery): Promise<AdminStatementList> {
      const month = monthOf(query.month);
      const days = statementDays(month);
      const { rows, total, sums } = await statements.list(companyId, days, query.distributorId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        month,
        range: days,
        list: rows.map((r) => ({ ...r, sums: dealSumsOf(r.sums) })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        sums: dealSumsOf(sums),
      };
    },

    /** `/api/admin/statement/get`. */
    async getAsOperator(companyId: number, query: AdminStatementGetQuery): Promise<Statement> {
      return statementOf(await consoleTarget(companyId, query.distributorId, query.month), query);
    },

    /** `/api/statement/get`: the general account's own distributor. */
    async getOwn(viewer: Viewer, month: string | undefined, page: { page: number; pageSize: number }): Promise<Statement> {
      return statementOf(await ownTarget(viewer, month), page);
    },

    /** The export's rows: the sums, then the deals and the payments in batches. */
    async exportParts(target: StatementTarget) {
      const { sums, maxDealId } = await statements.sums(target.reach, target.days);
      const payments = await statements.countPayments(target.reach, target.days, maxDealId);
      return {
        sums: dealSumsOf(sums),
        payments: payments.rows,
        deals: (batch: number) => statements.dealBatches(target.reach, target.days, maxDealId, batch),
        paymentRows: (batch: number) => statements.paymentBatches(target.reach, target.days, maxDealId, payments.maxId, batch),
        toDeal: (row: StatementDealRow) => toDeal(row, []),
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
