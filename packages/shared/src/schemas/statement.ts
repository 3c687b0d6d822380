/**
 * 对账单 (issue 30, item 6; docs/decisions/082): a distributor's deals of a month (by signing
 * date) with what is owed, paid and pending, each deal's payments beside it. Amounts are integer
 * 分 with the 元 text beside them (decision 052).
 */
import { z } from 'zod';
import { statementMessages as t } from '../messages/statement';
import { SETTLEMENT_STATES } from '../rules/commission';
import { isStatementMonth } from '../rules/statement';
import { dbId, dbInt, pageNumber } from './fields';
import { dealSumsSchema } from './deal-sums';

/** 'YYYY-MM'; absent: the current month (Shanghai), filled in by the server. */
export const statementMonthSchema = z.string({ error: t.monthInvalid }).refine(isStatementMonth, { error: t.monthInvalid });

const page = {
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
};

/** `GET /api/admin/statement/list?month&distributorId&page&pageSize`: one row per distributor with deals in the month. */
export const adminStatementListQuerySchema = z.object({
  month: statementMonthSchema.optional(),
  distributorId: dbId('分销商').optional(),
  ...page,
});
export type AdminStatementListQuery = z.infer<typeof adminStatementListQuerySchema>;

export const statementRowSchema = z.object({
  distributorId: z.number(),
  distributorName: z.string(),
  sums: dealSumsSchema,
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const adminStatementListSchema = z.object({
  month: z.string(),
  range: z.object({ first: z.string(), last: z.string() }),
  list: z.array(statementRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every distributor of the list's filter (every page). */
  sums: dealSumsSchema,
});
export type AdminStatementList = z.infer<typeof adminStatementListSchema>;

/** `GET /api/admin/statement/get?distributorId&month&page&pageSize`. */
export const adminStatementGetQuerySchema = z.object({
  distributorId: dbId('分销商'),
  month: statementMonthSchema.optional(),
  ...page,
});
export type AdminStatementGetQuery = z.infer<typeof adminStatementGetQuerySchema>;

/** `POST /api/statement/get?page&pageSize { month }`: the general account's own distributor. */
export const statementQuerySchema = z.object({ ...page });
export const statementBodySchema = z.object({ month: statementMonthSchema.optional() });

export const statementPaymentSchema = z.object({
  id: z.number(),
  paidOn: z.string(),
  amountFen: z.number(),
  amount: z.string(),
  invoiceNo: z.string(),
  reference: z.string(),
  /** 冲销 (decision 080): listed, never summed. */
  reversed: z.boolean(),
  reverseReason: z.string(),
});
export type StatementPayment = z.infer<typeof statementPaymentSchema>;

export const statementDealSchema = z.object({
  dealId: z.number(),
  recordId: z.number(),
  signedOn: z.string(),
  customerName: z.string(),
  houseName: z.string(),
  building: z.string(),
  room: z.string(),
  reporterName: z.string(),
  shopName: z.string(),
  totalPriceFen: z.number(),
  totalPrice: z.string(),
  /** What is owed: the adjusted commission when set. */
  commissionFen: z.number(),
  commission: z.string(),
  paidFen: z.number(),
  paid: z.string(),
  pendingFen: z.number(),
  pending: z.string(),
  settlementState: z.enum(SETTLEMENT_STATES),
  settlementText: z.string(),
  payments: z.array(statementPaymentSchema),
});
export type StatementDeal = z.infer<typeof statementDealSchema>;

export const statementSchema = z.object({
  distributorId: z.number(),
  distributorName: z.string(),
  month: z.string(),
  range: z.object({ first: z.string(), last: z.string() }),
  /** Over every deal of the statement (every page). */
  sums: dealSumsSchema,
  /** A page of the deals, oldest signing first (the statement's order). */
  deals: z.array(statementDealSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

/** `GET /api/admin/export/statement?distributorId&month`: one statement as an .xlsx file. */
export const adminStatementExportQuerySchema = z.object({ distributorId: dbId('分销商'), month: statementMonthSchema.optional() });
export type AdminStatementExportQuery = z.infer<typeof adminStatementExportQuerySchema>;
