import { z } from 'zod';
import { MAX_HOUSES_PER_REPORT } from '../rules/record-submit';

/**
 * Reporting calls of part 1 (sections 5, 7) and part 2 (section 7). The submit payload is
 * the shape DECISIONS.md fixes. Structural parsing only: the spec's ordered rules run in
 * `validateRecordSubmit` (client and server alike), with the listings' facts the server reads.
 */
const text = (max: number) => z.string().trim().max(max).catch('');

export const customerInputSchema = z.object({
  name: text(30),
  /** 0 unknown, 1 male, 2 female; null when not chosen yet. */
  sex: z.number().int().min(0).max(2).nullable().catch(null),
  phone: text(30),
  /** 0 mainland, 1 other. */
  telType: z.number().int().min(0).max(1).catch(0),
  /** Qualification proof: URLs returned by POST /api/upload/index. */
  customerPic: z.array(z.string().max(300)).max(9).catch([]),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

/** POST /api/record/post-record-data (Idempotency-Key accepted). */
export const recordSubmitSchema = z.object({
  selectHouse: z.array(z.number().int().positive()).max(MAX_HOUSES_PER_REPORT * 2).catch([]),
  customerList: z.array(customerInputSchema).max(50).catch([]),
  visitorNum: z.number().int().min(0).max(999).nullable().catch(null),
  /** 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
  visitingTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).or(z.literal('')).catch(''),
  dkStaffName: text(30),
  dkStaffPhone: text(20),
  reception: text(50),
  remark: text(500),
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
});
export type Customer = z.infer<typeof customerSchema>;

/** Grouped lists: anchors A-Z then '#'. */
export function groupedSchema<T extends z.ZodType>(item: T) {
  return z.array(z.object({ anchor: z.string(), list: z.array(item) }));
}

/** POST /api/record/get-customer-list { keyword? } (DIANZHANG or YUEWUYUAN: their own customers). */
export const customerListQuerySchema = z.object({ keyword: text(30) });

/** POST /api/record/add-customer: a customer added from the add-customer dialog. */
export const addCustomerSchema = customerInputSchema;

/** POST /api/record/remove-customer { id } → data is the removed id. */
export const removeCustomerSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/record/get-daikan-list → grouped viewing staff (the user's distributor colleagues). */
export const daikanSchema = z.object({ name: z.string(), phone: z.string() });

/** POST /api/publicapi/get-demo-message { message } → what smart recognition found. */
export const recognizeInputSchema = z.object({ message: z.string().max(5000).catch('') });
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
