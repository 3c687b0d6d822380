import { z } from 'zod';
import { adminFeedbackMessages as text_ } from '../messages/admin';
import { choice, dayText, dbId, dbInt, optionalText, pageNumber, text } from './fields';

/**
 * 意见反馈 (issue 16, item 5; docs/decisions/050): the console's inbox of the messages sent with
 * the app's 帮助与反馈 (`POST /api/user/add-gbook`), with who sent them, marked handled.
 */

export const FEEDBACK_STATUSES = ['pending', 'handled', 'all'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_NOTE_MAX = 200;

type DateFields = { dateFrom?: string | undefined; dateTo?: string | undefined };

/** A date range of the console's lists: both days or neither, the last not before the first (Shanghai days, both included). */
export function checkDayRange(messages: { dateRangeIncomplete: string; dateRangeReversed: string }) {
  return (value: DateFields, ctx: z.RefinementCtx) => {
    if (!value.dateFrom && !value.dateTo) return;
    if (!value.dateFrom || !value.dateTo) {
      ctx.addIssue({ code: 'custom', message: messages.dateRangeIncomplete, path: [value.dateFrom ? 'dateTo' : 'dateFrom'] });
    } else if (value.dateTo < value.dateFrom) {
      ctx.addIssue({ code: 'custom', message: messages.dateRangeReversed, path: ['dateTo'] });
    }
  };
}

/** `GET /api/admin/feedback/list`: 未处理 / 已处理 / 全部 (absent: 全部), keyword, submit days, ProTable's page. */
export const adminFeedbackListQuerySchema = z
  .object({
    status: choice('处理状态', FEEDBACK_STATUSES).optional().default(''),
    /** Part of the content, or of the sender's name or phone. */
    keyword: optionalText('关键字', 50),
    dateFrom: dayText('开始日期').optional(),
    dateTo: dayText('结束日期').optional(),
    page: pageNumber.optional().default(1),
    pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  })
  .superRefine(checkDayRange(text_));
export type AdminFeedbackListQuery = z.infer<typeof adminFeedbackListQuerySchema>;

export const adminFeedbackItemSchema = z.object({
  id: z.number(),
  content: z.string(),
  /** ISO time. */
  createdAt: z.string(),
  /** The sender as the account is now; null id: the account is gone. */
  senderId: z.number().nullable(),
  senderName: z.string(),
  senderPhone: z.string(),
  senderRole: z.string(),
  distributorName: z.string(),
  shopName: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledByName: z.string(),
  handleNote: z.string(),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;

export const adminFeedbackListSchema = z.object({
  list: z.array(adminFeedbackItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The company's unhandled messages, whatever the filter (the menu's and tab's badge). */
  pendingCount: z.number(),
});
export type AdminFeedbackList = z.infer<typeof adminFeedbackListSchema>;

/** `POST /api/admin/feedback/handle`: mark handled with an optional note; a handled one stays as it was. */
export const adminFeedbackHandleSchema = z.object({
  id: dbId('反馈ID'),
  note: text('处理备注', FEEDBACK_NOTE_MAX).optional().default(''),
});
export type AdminFeedbackHandleInput = z.infer<typeof adminFeedbackHandleSchema>;

/** The handle's answer: the message as it now is, and whether this call handled it (false: it already was). */
export const adminFeedbackHandleAnswerSchema = adminFeedbackItemSchema.extend({ changed: z.boolean() });
export type AdminFeedbackHandleAnswer = z.infer<typeof adminFeedbackHandleAnswerSchema>;
