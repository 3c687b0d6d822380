import { z } from 'zod';
import { messages } from '../messages';
import { PROTECTION_MODES } from '../rules/house';
import { RECORD_STATUSES } from '../rules/record-status';
import { choice, dayText, dbId, dbInt, minuteText, preprocess, text } from './fields';
import { PICTURE_URL_MAX } from '../rules/upload-url';
import { dealFieldsSchema } from './record-deal';

/**
 * Report tracking calls (part 2, sections 2-9). Lists by POST take `page` and
 * `pageSize` in the query string (DECISIONS.md); filters in the JSON body.
 */
const day = dayText('报备日期');
/** 'YYYY-MM-DD HH:mm' (Shanghai), or '' / absent for none. */
const visitTimeInput = minuteText('到访时间');
const status = z.enum(RECORD_STATUSES);
/** 'YYYY-MM-DD HH:mm' in Asia/Shanghai, or '' when there is none. */
const minute = z.string();

/**
 * POST /api/record/get-record-list. `searchDate` is [first day, last day], both included,
 * as Shanghai dates (the client turns a preset into it with presetRange); [] is 不限.
 * `approvalStatus` '' means every status.
 */
export const recordListQuerySchema = z.object({
  keyword: text('搜索关键词', 30),
  approvalStatus: choice('报备状态', RECORD_STATUSES),
  searchDate: preprocess<[string, string] | [] | null | undefined>()(
    (value) => (value === undefined || value === null ? [] : value),
    z.tuple([day, day]).or(z.tuple([])),
  ),
  /**
   * 待到访 (issue 32, item 2; docs/decisions/089): only the reports waiting for their visit,
   * the soonest expected visit first (its own cursor). The reporter side's lists only.
   */
  awaitingVisit: z.boolean({ error: messages.input.invalid('待到访') }).optional().default(false),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

/** POST /api/record/get-distributor-record-list: the same plus one broker of the scope (0: all). */
export const distributorRecordListQuerySchema = recordListQuerySchema.extend({
  subdistributorUserId: dbInt('经纪人', 0).optional().default(0),
});
export type DistributorRecordListQuery = z.infer<typeof distributorRecordListQuerySchema>;

export const customerInfoSchema = z.object({
  name: z.string(),
  /** As reported: full, or masked where the listing's phone rule allows it. */
  phone: z.string(),
  sex: z.number(),
  customerPic: z.array(z.string()),
  ruleTel: z.enum(['FULL', 'MASKED']),
  /** When the reporter confirmed the customer's separate consent to customerPic (docs/decisions/095); '' none recorded. */
  picConsentAt: minute,
});

/** One report in a list. Times are 'YYYY-MM-DD HH:mm' (Shanghai) or ''. */
export const recordListItemSchema = z.object({
  id: z.number(),
  approvalStatus: status,
  /** recordStatusList text (RECORDSTANDBY → 处理中). */
  statusText: z.string(),
  /** DECISIONS.md, protection expiry: still open and past the protection period. */
  expired: z.boolean(),
  houseId: z.number(),
  houseName: z.string(),
  customerInfo: customerInfoSchema,
  createdAt: minute,
  auditAt: minute,
  operateAt: minute,
  visitTime: minute,
  estimatedVisitTime: minute,
  protectUntil: minute,
  visitorNum: z.number(),
  reception: z.string(),
  remark: z.string(),
  dkName: z.string(),
  dkPhone: z.string(),
  /** The reporter's distributor, shop, name and phone. */
  distributorName: z.string(),
  subdistributorName: z.string(),
  subdistributorUserName: z.string(),
  subdistributorUserPhone: z.string(),
  channelName: z.string(),
  channelMobile: z.string(),
  approvalResult: z.string(),
  /** Optimistic concurrency: send it back with a status change. */
  version: z.number(),
});
export type RecordListItem = z.infer<typeof recordListItemSchema>;

/** A status tab: value '' is 全部; number counts the scope under the same keyword and dates. */
export const recordTypeSchema = z.object({ value: z.string(), label: z.string(), number: z.number() });

/**
 * What this viewer may do with one report, the same flags on a list row and on the detail:
 * numbers (0/1) as the spec's client reads them.
 */
export const recordViewerFlagsSchema = z.object({
  /** 1: the viewer may re-report this customer for this listing (shop roles, protection over). */
  isRecordAgain: z.number(),
  /** 1: the viewer gets the action menu (auditors of the report, channel roles). */
  permission: z.number(),
  /** 1: the viewer may dial the customer (not channel roles). */
  canDial: z.number(),
});
export type RecordViewerFlags = z.infer<typeof recordViewerFlagsSchema>;

/** A row of a report list: the report and the viewer's flags for it. */
export const recordRowSchema = recordListItemSchema.extend(recordViewerFlagsSchema.shape);
export type RecordRow = z.infer<typeof recordRowSchema>;

/**
 * A page of a report list. Without a cursor (the first page the web loads, or any page of a
 * client paging by number) `recordType` holds the tabs and `total` the count of the chosen tab;
 * on a cursor page the tabs are not counted again: `recordType` is [] and `total` null.
 * `nextCursor` leads to the next page; null when this one is short (the list is finished).
 */
export const recordListSchema = z.object({
  list: z.array(recordRowSchema),
  recordType: z.array(recordTypeSchema),
  total: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().nullable(),
});
export type RecordList = z.infer<typeof recordListSchema>;

export const recordIdSchema = z.object({ id: dbId('报备') });

export const approvalEntrySchema = z.object({
  approvalStatus: status,
  statusText: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  createdAt: minute,
  visitTime: minute,
  estimatedVisitTime: minute,
  visitorNum: z.number().nullable(),
  approvalResult: z.string(),
});

export const recordImageSchema = z.object({ id: z.number(), url: z.string() });

/**
 * POST /api/record/get-record-data and get-record-audit-data. The flags are numbers (0/1)
 * as the spec's client reads them.
 */
export const recordDetailSchema = recordListItemSchema.extend({
  /** Visit time as the spec's detail shows it ('' when none). */
  supVisiTimeStr: z.string(),
  /** 1: the viewer may re-report this customer for this listing (shop roles, protection over). */
  isRecordAgain: z.number(),
  /** 1: the viewer may audit (AUDITOR assigned, AUDITORADMIN). Absent from get-record-data for others. */
  approvalStatusPermission: z.number().optional(),
  /** 1: the viewer gets the action menu (auditors of the report, channel roles). */
  permission: z.number(),
  /** 1: the viewer may upload QR-code images. */
  upload: z.number(),
  /** 1: the viewer may delete QR-code images (auditors). */
  imageDelete: z.number(),
  /** 1: the viewer may dial the customer (not channel roles). */
  canDial: z.number(),
  images: z.array(recordImageSchema),
  list: z.array(approvalEntrySchema),
  userRecordList: z.array(z.object({ createdAt: minute, userName: z.string(), remark: z.string() })),
  recordStatusList: z.array(z.object({ value: status, text: z.string() })),
  /** The statuses this viewer may move the report to now (shared allowedTargets); [] for none. */
  nextStatusList: z.array(z.object({ value: status, text: z.string() })),
  houseRecordTips: z.string(),
  /** The listing's 报备为王 / 到访为王 (docs/decisions/053): the audit page says when the first arrival wins. */
  protectionMode: z.enum(PROTECTION_MODES),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

/**
 * POST /api/record/submit-record-audit-data. `reback` is the reject switch; `approvalResult`
 * the audit opinion; `version` the one read with the report (409 when stale).
 */
export const auditSubmitSchema = z.object({
  id: dbId('报备'),
  approvalStatus: z.enum(RECORD_STATUSES, { error: messages.input.invalid('报备状态') }),
  visitTime: visitTimeInput,
  /** Absent is false; anything but a boolean is refused. */
  reback: z.boolean({ error: messages.input.invalid('驳回') }).optional().default(false),
  approvalResult: text('审核意见', 500),
  version: dbId('版本'),
  /** Issue 17, item 5: the deal, recorded in the same transaction as a move to 成交 (decision 052). */
  deal: dealFieldsSchema.optional(),
});
export type AuditSubmitInput = z.infer<typeof auditSubmitSchema>;
/** The answer: the report as it is now, so a list can refresh its row. */
export const auditSubmitResultSchema = recordListItemSchema;

/** POST /api/record/upload-record-image { url, id } → the image. */
export const recordImageUploadSchema = z.object({ id: dbId('报备'), url: text('图片地址', PICTURE_URL_MAX) });
/** POST /api/record/remove-record-image { id, imageId } → the images left. */
export const recordImageRemoveSchema = z.object({
  id: dbId('报备'),
  imageId: dbId('图片'),
});

/** POST /api/record/update-record-customer-info { id, remark }: a customer dynamic. */
export const recordDynamicSchema = z.object({ id: dbId('报备'), remark: text('备注', 500) });

/** POST /api/user/get-users-select-list → brokers of the viewer's scope (shop or distributor). */
export const userSelectOptionSchema = z.object({ label: z.string(), value: z.number() });

/**
 * The signed external link of one listing (part 2, section 2.9):
 * `/external/record/list?houseId=..&sign=..`. The sign is an HMAC of the company, the
 * listing and its link version; renewing bumps the version and kills older links.
 */
export const externalLinkSchema = z.object({ houseId: dbId('楼盘'), sign: text('签名', 128) });
export type ExternalLink = z.infer<typeof externalLinkSchema>;

/**
 * The 案场 list's search (issue 32, item 6; docs/decisions/089): `keyword` a customer's name or
 * the last four digits of the phone (the shared arrivalSearchOf), `visitDay` one day of expected
 * visits ('YYYY-MM-DD', Shanghai; '' or absent for every day). Both tabs and both counts follow it.
 */
export const externalSearchSchema = z.object({
  keyword: text('搜索关键词', 20),
  visitDay: preprocess<string | null | undefined>()(
    (value) => (value === undefined || value === null ? '' : value),
    z.literal('').or(dayText('预计到访日期')),
  ),
});
export type ExternalSearch = z.infer<typeof externalSearchSchema>;

/** POST /api/record/get-report-auto-list { houseId, sign, state, keyword, visitDay }, page/pageSize in the query. */
export const externalListQuerySchema = externalLinkSchema.extend({
  /** WAITING: sent to the developer, arrival not confirmed; CHECKED: arrival confirmed. */
  state: z.enum(['WAITING', 'CHECKED'], { error: messages.input.invalid('到访状态') }).optional().default('WAITING'),
  ...externalSearchSchema.shape,
});
export const externalReportSchema = z.object({
  id: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerSex: z.number(),
  visitorNum: z.number(),
  estimatedVisitTime: minute,
  visitTime: minute,
  /** When the report was made: the earliest actual visit time the on-site staff may set. */
  createdAt: minute,
  distributorName: z.string(),
  brokerName: z.string(),
  brokerPhone: z.string(),
  dkName: z.string(),
  dkPhone: z.string(),
  reception: z.string(),
  remark: z.string(),
  approvalStatus: status,
  statusText: z.string(),
  /** How many distributors have an open report of this customer on the listing (到访为王: more than one, the first arrival wins). */
  reportedBy: z.number(),
});
export type ExternalReport = z.infer<typeof externalReportSchema>;
/** `total` is counted without a cursor and null on a cursor page; `nextCursor` as in recordListSchema. */
export const externalListSchema = z.object({
  houseName: z.string(),
  protectionMode: z.enum(PROTECTION_MODES),
  list: z.array(externalReportSchema),
  total: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().nullable(),
});
/** GET /api/record/get-report-auto-count?houseId=&sign=&keyword=&visitDay= */
export const externalCountQuerySchema = externalLinkSchema.extend(externalSearchSchema.shape);
export const externalCountSchema = z.object({ houseName: z.string(), protectionMode: z.enum(PROTECTION_MODES), waiting: z.number(), checked: z.number() });
/**
 * POST /api/record/check-report { houseId, sign, id, visitTime? }: arrival confirmed → VISIT.
 * `visitTime` is the actual visit ('YYYY-MM-DD HH:mm', Shanghai): absent or '' is now; otherwise
 * between the report's creation and now (shared arrivalTimeProblem).
 */
export const externalCheckSchema = externalLinkSchema.extend({
  id: dbId('报备'),
  visitTime: visitTimeInput,
});

/** POST /api/record/get-report-auto-link { houseId } (auditors) and renew-report-auto-link (AUDITORADMIN). */
export const externalLinkRequestSchema = z.object({ houseId: dbId('楼盘') });
export const externalLinkAnswerSchema = z.object({ houseId: z.number(), houseName: z.string(), path: z.string() });

