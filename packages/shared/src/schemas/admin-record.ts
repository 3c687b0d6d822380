import { z } from 'zod';
import { messages } from '../messages';
import { adminRecordMessages as text_ } from '../messages/admin';
import { SETTLEMENT_STATES } from '../rules/commission';
import { RECORD_LIST_PRESET_CODES } from '../rules/date-presets';
import { RECORD_STATUSES } from '../rules/record-status';
import { PROTECTION_STATES } from '../rules/record-view';
import { choice, dayText, dbId, dbInt, optionalText, pageNumber } from './fields';
import { FUNNEL_STAGE_FILTERS } from '../rules/channel-dashboard';
import { isMaskedPhone } from '../rules/phone';

/**
 * 报备管理 (issue 16, item 3; docs/decisions/048). The filter of the console's report table: the
 * mobile list's filters for the whole company. The Excel export of "the report table as
 * filtered" takes this very schema (and the server's `adminRecordWhere`), so the file holds
 * exactly the rows the table shows. Query-string friendly: every field is optional and numbers
 * may come as strings.
 */
export const adminRecordFilterShape = {
  /** One status, '' or absent for every status (the mobile list's tabs). */
  status: choice('报备状态', RECORD_STATUSES).optional().default(''),
  /**
   * A time preset of the mobile report list (rules/date-presets RECORD_LIST_PRESET_CODES):
   * 0 不限, 1 本日, 2 本周, 4 本月, 6 近3个月, 7 近6个月, 99 自选时间 (dateFrom and dateTo).
   * Absent: 99 when both dates are given, else 0. On 报备时间 (the report's creation), in Shanghai.
   */
  datePreset: dbInt('时间', 0, 99)
    .refine((n) => RECORD_LIST_PRESET_CODES.includes(n as (typeof RECORD_LIST_PRESET_CODES)[number]), { error: text_.datePresetInvalid })
    .optional(),
  /** 自选时间: first and last day, both included, 'YYYY-MM-DD' (Shanghai). */
  dateFrom: dayText('开始日期').optional(),
  dateTo: dayText('结束日期').optional(),
  houseId: dbId('楼盘').optional(),
  distributorId: dbId('分销商').optional(),
  /** The broker (报备人). */
  reporterId: dbId('经纪人').optional(),
  /** The shop the report was made under (its manager's account; 数据驾驶舱's shop scope). */
  shopId: dbId('门店').optional(),
  auditorId: dbId('审核员').optional(),
  /** 保护期 (issue 28, item 4): protected, expiring within the warning hours, or expired; '' for all. */
  protection: choice('保护期', PROTECTION_STATES).optional().default(''),
  /**
   * 数据驾驶舱's funnel step (issue 31, docs/decisions/087): the reports that reached 到访, 成交 or
   * 结佣 (rules/channel-dashboard.ts FUNNEL_STEP_RULE); '' for every report.
   */
  stage: choice('阶段', FUNNEL_STAGE_FILTERS).optional().default(''),
  /** The listing's city (数据驾驶舱's city scope). */
  cityId: dbId('城市').optional(),
  /**
   * One customer by the duplicate rule's key, the first 3 and last 4 digits (138****5678): the
   * reports behind 数据驾驶舱's alert of a phone reported by many distributors.
   */
  phoneKey: optionalText('客户号码', 11).refine((v) => v === undefined || v === '' || isMaskedPhone(v), { error: messages.input.invalid('客户号码') }),
  /** Part of the customer's name or phone, or of the listing's name (the mobile list's keyword). */
  keyword: optionalText('关键词', 30),
};

type DateFields = { datePreset?: number; dateFrom?: string; dateTo?: string };

/** The dates' own rule: 自选时间 takes both days, the last not before the first. */
function checkDates(value: DateFields, ctx: z.RefinementCtx) {
  const custom = value.datePreset === 99 || (value.datePreset === undefined && (value.dateFrom || value.dateTo));
  if (!custom) return;
  if (!value.dateFrom || !value.dateTo) {
    ctx.addIssue({ code: 'custom', message: text_.dateRangeIncomplete, path: [value.dateFrom ? 'dateTo' : 'dateFrom'] });
  } else if (value.dateTo < value.dateFrom) {
    ctx.addIssue({ code: 'custom', message: text_.dateRangeReversed, path: ['dateTo'] });
  }
}

export const adminRecordFilterSchema = z.object(adminRecordFilterShape).superRefine(checkDates);
export type AdminRecordFilter = z.infer<typeof adminRecordFilterSchema>;
export type AdminRecordFilterInput = z.input<typeof adminRecordFilterSchema>;

/** `GET /api/admin/record/list`: the filter and ProTable's page (20 a page, 100 at most). */
export const adminRecordListQuerySchema = z
  .object({
    ...adminRecordFilterShape,
    page: pageNumber.optional().default(1),
    pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  })
  .superRefine(checkDates);
export type AdminRecordListQuery = z.infer<typeof adminRecordListQuerySchema>;

/** One row of the report table. Times are 'YYYY-MM-DD HH:mm' (Shanghai) or ''. */
export const adminRecordRowSchema = z.object({
  id: z.number(),
  status: z.enum(RECORD_STATUSES),
  statusText: z.string(),
  customerName: z.string(),
  /** As the company's AUDITORADMIN reads it: the number as entered (decision 019; docs/decisions/048). */
  customerPhone: z.string(),
  customerSex: z.number(),
  houseId: z.number(),
  houseName: z.string(),
  distributorId: z.number().nullable(),
  distributorName: z.string(),
  reporterId: z.number(),
  reporterName: z.string(),
  reporterPhone: z.string(),
  shopName: z.string(),
  auditorId: z.number().nullable(),
  auditorName: z.string(),
  createdAt: z.string(),
  /** The actual visit, else '' (estimatedVisitTime is the reported one). */
  visitTime: z.string(),
  estimatedVisitTime: z.string(),
  /** Optimistic locking: reassign and reopen send it back (409 when stale). */
  version: z.number(),
  /**
   * Where the protection stands (rules/record-view protectionState), null when time never ends
   * it: `until` is when it ends ('YYYY-MM-DD HH:mm'), or ended for EXPIRED.
   */
  protection: z
    .object({
      state: z.enum(PROTECTION_STATES),
      stateText: z.string(),
      until: z.string(),
    })
    .nullable(),
  /** The report's deal in short (docs/decisions/055; joined, one statement), null when none is recorded. */
  deal: z
    .object({
      totalPriceFen: z.number(),
      totalPrice: z.string(),
      commissionFen: z.number(),
      commission: z.string(),
      paidFen: z.number(),
      settlementState: z.enum(SETTLEMENT_STATES),
      settlementText: z.string(),
    })
    .nullable(),
});
export type AdminRecordRow = z.infer<typeof adminRecordRowSchema>;

export const adminRecordListSchema = z.object({
  list: z.array(adminRecordRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminRecordList = z.infer<typeof adminRecordListSchema>;

export const adminRecordIdQuerySchema = z.object({ id: dbId('报备') });

/** A history entry (record_approval): a status reached, a reassignment or a reopening. */
export const adminRecordHistorySchema = z.object({
  status: z.enum(RECORD_STATUSES),
  statusText: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  createdAt: z.string(),
  visitTime: z.string(),
  approvalResult: z.string(),
});

/** `GET /api/admin/record/get`: the row, and the detail the app's audit page reads. */
export const adminRecordDetailSchema = adminRecordRowSchema.extend({
  customerPics: z.array(z.string()),
  /** When the reporter confirmed the customer's consent to customerPics (docs/decisions/095); '' none recorded. */
  picConsentAt: z.string(),
  visitorNum: z.number(),
  dkName: z.string(),
  dkPhone: z.string(),
  reception: z.string(),
  remark: z.string(),
  approvalResult: z.string(),
  protectUntil: z.string(),
  channelName: z.string(),
  history: z.array(adminRecordHistorySchema),
  images: z.array(z.object({ id: z.number(), url: z.string() })),
  dynamics: z.array(z.object({ createdAt: z.string(), userName: z.string(), remark: z.string() })),
  /** 重新打开: the open status a closed report goes back to, or null when it is not closed. */
  reopenTo: z.enum(RECORD_STATUSES).nullable(),
  /**
   * Issue 28, item 8: on a 到访为王 listing another report of the customer holds the arrival, so
   * this one, reopened, can never be visited; 重新打开 shows it and asks (null: nothing to warn of).
   */
  reopenWarning: z.string().nullable(),
});
export type AdminRecordDetail = z.infer<typeof adminRecordDetailSchema>;

/** `POST /api/admin/record/reassign`: another active auditor of the company. */
export const adminRecordReassignSchema = z.object({
  id: dbId('报备'),
  auditorId: dbId('审核员'),
  version: dbId('版本'),
});
export type AdminRecordReassignInput = z.infer<typeof adminRecordReassignSchema>;

/** `POST /api/admin/record/reopen`: a closed report back to its previous open status. */
export const adminRecordReopenSchema = z.object({
  id: dbId('报备'),
  version: dbId('版本'),
  /** The operator saw reopenWarning and went on; without it such a reopen is a 409 with the warning. */
  arrivalTakenAcknowledged: z.boolean({ error: messages.input.invalid('确认') }).optional(),
});
export type AdminRecordReopenInput = z.infer<typeof adminRecordReopenSchema>;

/** The filter form's selects (楼盘, 分销商, 经纪人, 审核员), searched by name (or phone). */
export const ADMIN_RECORD_OPTION_KINDS = ['house', 'distributor', 'broker', 'auditor'] as const;
export const adminRecordOptionsQuerySchema = z.object({
  kind: z.enum(ADMIN_RECORD_OPTION_KINDS, { error: messages.input.invalid('选项类型') }),
  keyword: optionalText('关键词', 30),
  /** The option already chosen, so its label shows even when it is not among the first ones. */
  id: dbId('选项').optional(),
});
export const adminRecordOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  /** Auditors: on vacation or not active (reassignment refuses them). */
  disabled: z.boolean(),
});
export const adminRecordOptionsSchema = z.array(adminRecordOptionSchema);
export type AdminRecordOption = z.infer<typeof adminRecordOptionSchema>;
