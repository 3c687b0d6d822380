import { z } from 'zod';
import { messages } from '../messages';
import { MAX_HOUSES_PER_REPORT } from '../rules/record-submit';
import { DB_INT_MIN, dbId, dbInt, minuteText, preprocess, text, type NumberInput } from './fields';
import { PICTURE_URL_MAX } from '../rules/upload-url';

/**
 * Reporting calls of part 1 (sections 5, 7) and part 2 (section 7). The submit payload is
 * the shape DECISIONS.md fixes. Structural parsing only: the spec's ordered rules run in
 * `validateRecordSubmit` (client and server alike), with the listings' facts the server reads.
 */
/** A list of at most `max` items; absent or null is empty. */
function list<T extends z.ZodType>(field: string, item: T, max: number) {
  return preprocess<z.input<T>[] | null | undefined>()(
    (value) => (value === undefined || value === null ? [] : value),
    z.array(item, { error: messages.input.invalid(field) }).max(max, { error: messages.input.tooMany(field, max) }),
  );
}

export const customerInputSchema = z.object({
  name: text('客户姓名', 30),
  /** 0 unknown, 1 male, 2 female; null (or absent) when not chosen yet. */
  sex: dbInt('客户性别', 0, 2).nullable().optional().transform((v) => v ?? null),
  phone: text('客户手机号', 30),
  /** 0 mainland, 1 other (absent: mainland). */
  telType: dbInt('号码类型', 0, 1).optional().default(0),
  /** Qualification proof: URLs returned by POST /api/upload/index. */
  customerPic: list('资质证明', text('资质证明', PICTURE_URL_MAX), 9),
  /**
   * The customer's separate consent to their proof pictures, confirmed by the broker
   * (docs/decisions/095): required with any picture (rules/record-submit.ts, lacksPicConsent).
   */
  picConsent: z.boolean({ error: messages.input.invalid('客户单独同意') }).optional().default(false),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

/** POST /api/record/post-record-data (Idempotency-Key accepted). */
export const recordSubmitSchema = z.object({
  selectHouse: list('楼盘', dbId('楼盘'), MAX_HOUSES_PER_REPORT * 2),
  customerList: list('客户', customerInputSchema, 50),
  /**
   * Any whole number up to 999: 0 or less is the ordered rule's 到访人数最少一人，请修改 (rule 6),
   * absent its 请填写到访人数 (rule 3). An emptied form field ('' or blanks) is absent too, not a format error.
   */
  visitorNum: preprocess<NumberInput | null | undefined>()(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    dbInt('到访人数', DB_INT_MIN, 999).nullable().optional(),
  ).transform((v) => v ?? null),
  /** 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
  visitingTime: minuteText('到访时间'),
  dkStaffName: text('带看人姓名', 30),
  dkStaffPhone: text('带看人手机号', 20),
  reception: text('接待人', 50),
  remark: text('备注', 500),
});
export type RecordSubmitInput = z.infer<typeof recordSubmitSchema>;

/** The answer of a submit: msg has the spec's line breaks ('\n'), msgTitle titles the dialog. */
export const recordSubmitResultSchema = z.object({
  submissionId: z.string(),
  recordIds: z.array(z.number()),
});

/** A customer of the customer list and the select-customer screen. */
export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  sex: z.number(),
  phone: z.string(),
  telType: z.number(),
  customerPic: z.array(z.string()),
  /** Its pictures came with the customer's recorded separate consent (docs/decisions/095). */
  picConsent: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Grouped lists: anchors A-Z then '#'. */
export function groupedSchema<T extends z.ZodType>(item: T) {
  return z.array(z.object({ anchor: z.string(), list: z.array(item) }));
}

/** POST /api/record/get-customer-list { keyword? } (DIANZHANG or YUEWUYUAN: their own customers). */
export const customerListQuerySchema = z.object({ keyword: text('搜索关键词', 30) });

/**
 * POST /api/record/get-company-customer-list { keyword? } (DIANZHANG: 公司客户, read-only,
 * docs/decisions/024): the customers of the manager's shop, or of the general account's whole
 * distributor, each with its owner (the broker). No proof pictures: the page never shows them.
 */
export const companyCustomerSchema = customerSchema.omit({ customerPic: true, picConsent: true }).extend({ ownerId: z.number(), ownerName: z.string() });
export type CompanyCustomer = z.infer<typeof companyCustomerSchema>;

/** POST /api/record/add-customer: a customer added from the add-customer dialog. */
export const addCustomerSchema = customerInputSchema;

/** POST /api/record/remove-customer { id } → data is the removed id. */
export const removeCustomerSchema = z.object({ id: dbId('客户') });

/** POST /api/record/get-daikan-list → grouped viewing staff (the user's distributor colleagues). */
export const daikanSchema = z.object({ name: z.string(), phone: z.string() });

/** POST /api/publicapi/get-demo-message { message } → what smart recognition found. */
export const recognizeInputSchema = z.object({ message: text('识别内容', 5000, { trim: false }) });
export const recognizeResultSchema = z.object({
  customerList: z.array(
    z.object({ name: z.string(), sex: z.number().nullable(), phone: z.string(), telType: z.number() }),
  ),
  daikan: z.object({ name: z.string(), phone: z.string() }),
  visitorNum: z.number().nullable(),
});
export type RecognizeResult = z.infer<typeof recognizeResultSchema>;

/** POST /api/upload/index (multipart `file`): jpeg, png, gif or bmp by content, at most 5 MB. */
export const uploadResultSchema = z.object({ url: z.string() });
/**
 * Its query string (docs/decisions/018): `purpose=avatar` stores a public picture; anything
 * else (customers' proofs, report images) is private and answered as a short-lived signed URL.
 */
export const UPLOAD_PURPOSES = ['picture', 'avatar'] as const;
export const uploadQuerySchema = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default('picture') });
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
