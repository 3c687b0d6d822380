import { z } from 'zod';
import { adminAuditLogMessages as text_ } from '../messages/admin';
import { checkDayRange } from './admin-feedback';
import { cursors } from './cursor';
import { dayText, dbId, dbInt, optionalText, preprocess, text } from './fields';

/**
 * 操作日志 (issue 16, item 6; docs/decisions/050): the company's audit rows, newest first, by
 * actor, object (entity and id), action and day; keyset pages on (created_at, id), no total.
 */
export const AUDIT_LOG_PAGE_SIZE = 20;

const absentAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const adminAuditLogListQuerySchema = z
  .object({
    actorId: preprocess<number | string | null | undefined>()(absentAsUndefined, dbId('操作人').optional()),
    /** audit_log.entity as written (house, record, user, …). */
    entity: preprocess<string | null | undefined>()(
      absentAsUndefined,
      text('对象类型', 40)
        .refine((v) => /^[a-z_]+$/.test(v), { error: '对象类型格式不正确' })
        .optional(),
    ),
    entityId: preprocess<number | string | null | undefined>()(absentAsUndefined, dbId('对象ID').optional()),
    /** One action as written (house.update, …). */
    action: preprocess<string | null | undefined>()(
      absentAsUndefined,
      text('操作', 60)
        .refine((v) => /^[a-z][a-z0-9_.-]*$/.test(v), { error: '操作格式不正确' })
        .optional(),
    ),
    dateFrom: dayText('开始日期').optional(),
    dateTo: dayText('结束日期').optional(),
    pageSize: dbInt('每页条数', 1, 100).optional().default(AUDIT_LOG_PAGE_SIZE),
    cursor: cursors.auditLog.field.optional(),
  })
  .superRefine(checkDayRange(text_))
  .superRefine((value, ctx) => {
    if (value.entityId !== undefined && value.entity === undefined) ctx.addIssue({ code: 'custom', message: text_.entityIdNeedsEntity, path: ['entity'] });
  });
export type AdminAuditLogListQuery = z.infer<typeof adminAuditLogListQuerySchema>;
export type AdminAuditLogListInput = z.input<typeof adminAuditLogListQuerySchema>;

export const adminAuditLogChangeSchema = z.object({
  /** The detail's key as written. */
  field: z.string(),
  /** Its Chinese name; the key as written when the label table has none yet. */
  label: z.string(),
  old: z.string(),
  new: z.string(),
  /** The values as the viewer shows them (（空） for none, （已隐藏） for a secret). */
  oldText: z.string(),
  newText: z.string(),
});
export type AdminAuditLogChange = z.infer<typeof adminAuditLogChangeSchema>;

export const adminAuditLogItemSchema = z.object({
  id: z.number(),
  /** ISO time. */
  createdAt: z.string(),
  /** null: the system (create-admin, the external arrival check). */
  actorId: z.number().nullable(),
  actorName: z.string(),
  actorPhone: z.string(),
  /** The role at the time when the row recorded it, else the account's role now. */
  actorRole: z.string(),
  action: z.string(),
  /** The action's Chinese name, or the action as written when it has none. */
  actionLabel: z.string(),
  entity: z.string(),
  entityLabel: z.string(),
  entityId: z.number().nullable(),
  /** The object's name as it is now (a listing's, an account's, a report's customer…); '' when gone or unnamed. */
  objectName: z.string(),
  /** The object's version after the change, when the row names one. */
  version: z.number().nullable(),
  /**
   * What changed: each field with its old and new value as JSON text (`null` for none), as the
   * listing history answers them (decision 039), and as an operator reads them (docs/decisions/067):
   * the field's Chinese name, the values in the screens' words (codes by name, ids by the names
   * they stand for, 分 in 元, times in Shanghai). A secret's value is never sent.
   */
  changes: z.array(adminAuditLogChangeSchema),
});
export type AdminAuditLogItem = z.infer<typeof adminAuditLogItemSchema>;

/** A page, newest first; `nextCursor` (the `cursor` of the page after) is null on the last. A log is not counted. */
export const adminAuditLogListSchema = z.object({ list: z.array(adminAuditLogItemSchema), pageSize: z.number(), nextCursor: z.string().nullable() });
export type AdminAuditLogList = z.infer<typeof adminAuditLogListSchema>;

/** `GET /api/admin/audit-log/actors?keyword=`: the company's accounts by name or phone, for the actor filter. */
export const adminAuditLogActorsQuerySchema = z.object({ keyword: optionalText('关键字', 30) });
export const adminAuditLogActorsSchema = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string(), role: z.string() })),
});
