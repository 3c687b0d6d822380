import { z } from 'zod';
import { adminAccessLogMessages as text_ } from '../messages/admin/access-log';
import { isMainlandPhone } from '../rules/phone';
import { checkDayRange } from './admin-feedback';
import { cursors } from './cursor';
import { dayText, dbId, dbInt, preprocess, text } from './fields';

/**
 * 访问日志 (issue 33, item 2; docs/decisions/092): who saw a customer's full phone number, newest
 * first, by the customer's phone (the whole number: the log keeps only its keyed hash), the
 * account and the day; keyset pages on (created_at, id), no total.
 */
export const ACCESS_LOG_PAGE_SIZE = 20;

const absentAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const filterShape = {
  phone: preprocess<string | null | undefined>()(
    absentAsUndefined,
    text(text_.phone, 11)
      .refine(isMainlandPhone, { error: text_.phoneInvalid })
      .optional(),
  ),
  userId: preprocess<number | string | null | undefined>()(absentAsUndefined, dbId(text_.user).optional()),
  dateFrom: dayText('开始日期').optional(),
  dateTo: dayText('结束日期').optional(),
};

/** `GET /api/admin/access-log/export`: the same filters, the whole selection as an .xlsx file. */
export const adminAccessLogFilterSchema = z.object(filterShape).superRefine(checkDayRange(text_));
export type AdminAccessLogFilter = z.infer<typeof adminAccessLogFilterSchema>;

export const adminAccessLogListQuerySchema = z
  .object({
    ...filterShape,
    pageSize: dbInt('每页条数', 1, 100).optional().default(ACCESS_LOG_PAGE_SIZE),
    cursor: cursors.accessLog.field.optional(),
  })
  .superRefine(checkDayRange(text_));
export type AdminAccessLogListQuery = z.infer<typeof adminAccessLogListQuerySchema>;
export type AdminAccessLogListInput = z.input<typeof adminAccessLogListQuerySchema>;

export const adminAccessLogItemSchema = z.object({
  id: z.number(),
  /** ISO time. */
  createdAt: z.string(),
  /** null: the external arrival link (actor EXTERNAL). */
  userId: z.number().nullable(),
  userName: z.string(),
  userPhone: z.string(),
  actor: z.enum(['USER', 'EXTERNAL']),
  /** The customer's number as 3 + 4 digits: the log never keeps the whole number. */
  phoneMasked: z.string(),
  recordId: z.number().nullable(),
  customerId: z.number().nullable(),
  route: z.string(),
  /** The route's Chinese name (the page an operator knows), or the path as written. */
  routeLabel: z.string(),
});
export type AdminAccessLogItem = z.infer<typeof adminAccessLogItemSchema>;

export const adminAccessLogListSchema = z.object({ list: z.array(adminAccessLogItemSchema), pageSize: z.number(), nextCursor: z.string().nullable() });
export type AdminAccessLogList = z.infer<typeof adminAccessLogListSchema>;
