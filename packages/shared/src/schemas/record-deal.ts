/**
 * Issue 17, item 5: the deal of a report and its commission (结佣), docs/decisions/052. Amounts
 * are sent as 元 texts ("1234.56", or a JSON number written the same) and answered as integer
 * 分 (`…Fen`) with the 元 text beside them; no float is ever an amount.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { parseYuan, SETTLEMENT_STATES } from '../rules/commission';
import { BUILDING_PROPERTY_KEYS } from '../rules/house';
import { PICTURE_URL_MAX } from '../rules/upload-url';
import { dealSumsSchema } from './deal-sums';
import { dbId, isCalendarDay, pageNumber, dbInt, preprocess, text } from './fields';

/** 发票号's longest (docs/decisions/082): invoice numbers are 8 to 20 digits; 64 leaves room for a note. */
export const INVOICE_NO_MAX = 64;

const t = messages.deal;

/** 元 as text or number → 分; refused with `message` when not a non-negative amount with at most 2 decimals, or above `maxFen`. */
function yuan(message: string, maxFen = 100_000_000_000) {
  return preprocess<string | number | null | undefined>()(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: message })
      .transform((v, ctx) => {
        const fen = parseYuan(v);
        if (fen === null || fen > maxFen) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return fen;
      }),
  );
}

const day = (message: string) => z.string({ error: message }).refine(isCalendarDay, { error: message });

/** The deal's fields, in the form's order (the first failed rule's message answers). */
export const dealFieldsSchema = z.object({
  building: text('楼栋', 40).refine((v) => v !== '', { error: t.buildingRequired }),
  room: text('房号', 40).refine((v) => v !== '', { error: t.roomRequired }),
  /** ㎡, at most 2 decimals, above 0. */
  floorArea: yuan(t.floorAreaInvalid, 10_000_000).refine((centi) => centi > 0, { error: t.floorAreaInvalid }),
  /** 元 → 分; above 0, at most 10亿元. */
  totalPrice: yuan(t.totalPriceInvalid).refine((fen) => fen > 0, { error: t.totalPriceInvalid }),
  signedOn: day(t.signedOnInvalid),
  contractPicture: text('合同照片', PICTURE_URL_MAX).refine((v) => v !== '', { error: t.contractRequired }),
  propertyType: z.enum(BUILDING_PROPERTY_KEYS, { error: t.propertyInvalid }),
});
export type DealFields = z.infer<typeof dealFieldsSchema>;

/** POST /api/record/submit-record-deal { id (the report), ...deal }: the auditor records the deal of a 成交 report. */
export const dealSubmitSchema = dealFieldsSchema.extend({ id: dbId('报备') });
export type DealSubmitInput = z.infer<typeof dealSubmitSchema>;

/** POST /api/record/adjust-record-commission: the auditor admin's adjustment, with a reason, at the version read. */
export const commissionAdjustSchema = z.object({
  id: dbId('报备'),
  adjustedCommission: yuan(t.adjustInvalid),
  reason: text('调整原因', 200).refine((v) => v !== '', { error: t.adjustReasonRequired }),
  version: dbId('版本'),
});
export type CommissionAdjustInput = z.infer<typeof commissionAdjustSchema>;

/** One payment (amount, date, reference); `id` is the report. */
export const commissionPaymentInputSchema = z.object({
  id: dbId('报备'),
  amount: yuan(t.amountInvalid).refine((fen) => fen > 0, { error: t.amountInvalid }),
  paidOn: day(t.paidOnInvalid),
  reference: text('凭证号', 100),
  /** 发票号 (issue 30, item 6; decision 082): optional, trimmed, at most INVOICE_NO_MAX characters. */
  invoiceNo: text('发票号', INVOICE_NO_MAX),
});
export type CommissionPaymentInput = z.infer<typeof commissionPaymentInputSchema>;

export const settlementStateSchema = z.enum(SETTLEMENT_STATES);

/**
 * POST /api/record/edit-record-deal (and the console's /api/admin/deal/edit): a correction of the
 * recorded deal at the version read, with a reason; only the fields sent change (decision 080).
 */
export const dealEditSchema = dealFieldsSchema.partial().extend({
  id: dbId('报备'),
  version: dbId('版本'),
  reason: text('修改原因', 200).refine((v) => v !== '', { error: t.editReasonRequired }),
});
export type DealEditInput = z.infer<typeof dealEditSchema>;

/** POST /api/record/reverse-commission-payment (and /api/admin/deal/reverse-payment): 冲销 one payment of the report's deal, with a reason. */
export const paymentReverseSchema = z.object({
  id: dbId('报备'),
  paymentId: dbId('付款记录'),
  reason: text('冲销原因', 200).refine((v) => v !== '', { error: t.reverseReasonRequired }),
});
export type PaymentReverseInput = z.infer<typeof paymentReverseSchema>;

export const commissionPaymentSchema = z.object({
  id: z.number(),
  amountFen: z.number(),
  amount: z.string(),
  paidOn: z.string(),
  reference: z.string(),
  /** 发票号; '' when none. */
  invoiceNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** 冲销: kept, never deleted; a reversed payment no longer counts as paid. */
  reversed: z.boolean(),
  reverseReason: z.string(),
  /** 'YYYY-MM-DD HH:mm' in Asia/Shanghai; '' when not reversed. */
  reversedAt: z.string(),
});

export type CommissionPayment = z.infer<typeof commissionPaymentSchema>;

export const dealSchema = z.object({
  id: z.number(),
  recordId: z.number(),
  houseName: z.string(),
  customerName: z.string(),
  reporterName: z.string(),
  building: z.string(),
  room: z.string(),
  /** ㎡ text with 2 decimals. */
  floorArea: z.string(),
  totalPriceFen: z.number(),
  totalPrice: z.string(),
  signedOn: z.string(),
  contractPicture: z.string(),
  propertyType: z.enum(BUILDING_PROPERTY_KEYS),
  propertyTypeText: z.string(),
  /** The policy used, as it was at recording (null: none was valid). */
  policy: z
    .object({
      id: z.number(),
      policyStartDate: z.string().nullable(),
      policyEndDate: z.string().nullable(),
      longTerm: z.boolean(),
      secondaryPoint: z.string(),
      secondaryAward: z.string(),
    })
    .nullable(),
  breakdown: z.object({
    basis: z.string(),
    baseFen: z.number(),
    incentiveFen: z.number(),
    totalFen: z.number(),
    base: z.string(),
    incentive: z.string(),
    total: z.string(),
    notes: z.array(z.string()),
  }),
  adjustedCommissionFen: z.number().nullable(),
  adjustReason: z.string(),
  /** What is owed: the adjusted commission when set, else the computed total. */
  commissionFen: z.number(),
  commission: z.string(),
  paidFen: z.number(),
  paid: z.string(),
  leftFen: z.number(),
  left: z.string(),
  settlementState: settlementStateSchema,
  settlementText: z.string(),
  payments: z.array(commissionPaymentSchema),
  /** Optimistic concurrency: adjust names it; payments and adjustments add one. */
  version: z.number(),
  createdAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** get-record-deal answers the deal, or null when the report has none yet. */
export const dealAnswerSchema = z.object({ deal: dealSchema.nullable() });

/** POST /api/record/get-deal-list?page&pageSize { scope }: own (我的佣金) or company (a shop manager's shop). */
export const dealListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数')
    .optional()
    .default(10)
    .transform((n) => Math.min(Math.max(n, 1), 50)),
});
export const dealListBodySchema = z.object({
  scope: z.enum(['own', 'company'], { error: messages.input.invalid('范围') }).optional().default('own'),
  settlementState: z.enum(SETTLEMENT_STATES, { error: messages.input.invalid('结佣状态') }).optional(),
});

export const dealListItemSchema = dealSchema.omit({ payments: true, contractPicture: true, policy: true });
export const dealListSchema = z.object({
  list: z.array(dealListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over the whole scope (every page), whatever state filter: owed, paid (已结) and left (待结). */
  sums: dealSumsSchema,
});
export type DealList = z.infer<typeof dealListSchema>;

/** POST /api/admin/deal/add-payment: the console operator's payment of a report's commission. */
export const adminCommissionPaymentSchema = commissionPaymentInputSchema;
