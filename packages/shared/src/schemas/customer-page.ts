import { z } from 'zod';
import { messages } from '../messages';
import { CUSTOMER_PAGE_LIMITS, FOLLOW_UP_KINDS, INTENT_LEVELS } from '../rules/customer-page';
import { PHONE_RULES } from '../rules/house';
import { RECORD_STATUSES } from '../rules/record-status';
import { choice, dbId, minuteText, preprocess, text } from './fields';
import { customerInputSchema, customerSchema } from './record';

/**
 * A customer's page (issue 32, item 1; docs/decisions/088): its detail, the owner's edit, the
 * intention and the follow-up log. Structural parsing here; the page's rules (tags, the
 * follow-up's note and time) are rules/customer-page.ts, checked again by the server.
 */
const pageText = messages.customerPage;
const limits = CUSTOMER_PAGE_LIMITS;
const customerId = dbId('客户');

/** POST /api/record/get-customer-detail { id }. */
export const customerDetailQuerySchema = z.object({ id: customerId });

/** POST /api/record/edit-customer: the add-customer dialog's fields for one of the user's own customers. */
export const editCustomerSchema = customerInputSchema.extend({ id: customerId });
export type EditCustomerInput = z.infer<typeof editCustomerSchema>;

/**
 * POST /api/record/set-customer-intent: the whole intention at once. `level` '' is none; the
 * tags are trimmed and deduplicated by the server before their count is checked, so the list
 * itself may be a little longer (up to five times the limit).
 */
export const customerIntentInputSchema = z.object({
  id: customerId,
  level: choice(pageText.intentLevel, INTENT_LEVELS),
  budget: text(pageText.budget, limits.budget),
  area: text(pageText.area, limits.area),
  layout: text(pageText.layout, limits.layout),
  tags: preprocess<string[] | null | undefined>()(
    (value) => (value === undefined || value === null ? [] : value),
    z
      .array(text(pageText.tags, limits.tag), { error: messages.input.invalid(pageText.tags) })
      .max(limits.tags * 5, { error: pageText.tagTooMany(limits.tags) }),
  ),
});
export type CustomerIntentInput = z.input<typeof customerIntentInputSchema>;

/** POST /api/record/add-customer-follow-up. `happenedAt` '' (or absent) is now. */
export const addFollowUpSchema = z.object({
  id: customerId,
  kind: choice(pageText.followUpKind, FOLLOW_UP_KINDS),
  note: text(pageText.followUpNote, limits.note),
  happenedAt: minuteText(pageText.followUpTime),
});
export type AddFollowUpInput = z.input<typeof addFollowUpSchema>;

/** POST /api/record/get-customer-follow-ups?page&pageSize { id }. */
export const followUpListQuerySchema = z.object({ id: customerId });

export const customerIntentSchema = z.object({
  level: z.enum(INTENT_LEVELS).nullable(),
  budget: z.string(),
  area: z.string(),
  layout: z.string(),
  tags: z.array(z.string()),
});
export type CustomerIntent = z.infer<typeof customerIntentSchema>;

/** One entry of 跟进记录. Times are 'YYYY-MM-DD HH:mm' (Shanghai). */
export const followUpSchema = z.object({
  id: z.number(),
  kind: z.enum(FOLLOW_UP_KINDS),
  note: z.string(),
  happenedAt: z.string(),
  authorName: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** One report of the customer: the listing, its status, and the phone as this reader may see it (decision 019). */
export const customerReportSchema = z.object({
  id: z.number(),
  houseId: z.number(),
  houseName: z.string(),
  approvalStatus: z.enum(RECORD_STATUSES),
  statusText: z.string(),
  expired: z.boolean(),
  phone: z.string(),
  ruleTel: z.enum(PHONE_RULES),
  createdAt: z.string(),
});
export type CustomerReport = z.infer<typeof customerReportSchema>;

export const customerDetailSchema = z.object({
  customer: customerSchema,
  ownerName: z.string(),
  /** The owner's page: edit, intention and follow-ups; a shop manager reads only. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  intent: customerIntentSchema,
  /** The newest FOLLOW_UP_PAGE_SIZE follow-ups and how many there are. */
  followUps: z.object({ list: z.array(followUpSchema), total: z.number() }),
  /** The newest CUSTOMER_REPORTS_SHOWN reports across listings and how many there are. */
  reports: z.object({ list: z.array(customerReportSchema), total: z.number() }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
