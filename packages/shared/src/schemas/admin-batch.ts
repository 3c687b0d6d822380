import { z } from 'zod';
import { adminBatchMessages as text_ } from '../messages/admin';
import { dbId, optionalText } from './fields';
import { isCalendarDay } from './fields';
import { INVOICE_NO_MAX } from './record-deal';

/**
 * The console's batch actions (issue 30, item 3; docs/decisions/084): the selected rows' ids,
 * at most a page of them, and the answer row by row. Every id must be the company's (404 and
 * nothing done otherwise); each row is then done on its own, as the one-row action does it,
 * with its own audit row, and a row the rules refuse is named with the reason.
 */
export const MAX_BATCH = 100;

export const batchIdsSchema = z
  .array(dbId('选中的记录'), { error: text_.idsRequired })
  .min(1, { error: text_.idsRequired })
  .max(MAX_BATCH, { error: text_.tooMany(MAX_BATCH) })
  .transform((ids) => [...new Set(ids)]);

export const batchHouseSchema = z.object({ ids: batchIdsSchema });
export const batchAccountSchema = z.object({ ids: batchIdsSchema });

export const batchReviewSchema = z.object({
  ids: batchIdsSchema,
  approve: z.boolean({ error: text_.approveInvalid }),
  /** Required to reject, as the one-row review. */
  reason: optionalText('驳回原因', 200),
});
export type BatchReviewInput = z.infer<typeof batchReviewSchema>;

export const batchReassignSchema = z.object({ ids: batchIdsSchema, auditorId: dbId('审核员') });
export type BatchReassignInput = z.infer<typeof batchReassignSchema>;

/** 批量结佣: each deal's whole pending commission, paid on one day under one reference. */
export const batchPaySchema = z.object({
  ids: batchIdsSchema,
  paidOn: z.string({ error: text_.paidOnInvalid }).refine(isCalendarDay, { error: text_.paidOnInvalid }),
  reference: optionalText('付款凭证号', 100),
  /** 发票号 (decision 082), the same on every payment of the batch. */
  invoiceNo: optionalText('发票号', INVOICE_NO_MAX),
});
export type BatchPayInput = z.infer<typeof batchPaySchema>;

export const batchResultSchema = z.object({
  succeeded: z.number(),
  failed: z.number(),
  /** One per id, in the order sent: `message` says why a row was not done ('' when it was). */
  results: z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string() })),
});
export type BatchResult = z.infer<typeof batchResultSchema>;
