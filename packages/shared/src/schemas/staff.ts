import { z } from 'zod';
import { messages } from '../messages';
import { STAFF_BATCH_MAX, STAFF_NAME_MAX, STAFF_SHOP_MAX, STAFF_TYPES } from '../rules/staff';
import { dbId, dbInt, text } from './fields';

/**
 * Staff calls of part 2, section 7 (POST /api/user/...). Structural parsing only: missing
 * fields read as empty, so the ordered rules of `validateStaffDraft` answer with the spec's
 * messages; a value of the wrong type, with NUL or too long is refused (schemas/fields.ts).
 */
const uid = dbId('员工');

/** A staff member of the list (part 2, section 3, Staff). */
export const staffSchema = z.object({
  uid: z.number(),
  name: z.string(),
  phone: z.string(),
  sex: z.number(),
  shopname: z.string(),
  distributorStaffType: z.enum(STAFF_TYPES),
  /** Active staff under this shop manager (0 for brokers): the unbind dialog asks what becomes of them. */
  subordinates: z.number(),
});
export type Staff = z.infer<typeof staffSchema>;

/** POST /api/user/get-user-list → `[{ anchor, list: Staff[] }]`, anchors A-Z then '#'. */
export const staffGroupSchema = z.object({ anchor: z.string(), list: z.array(staffSchema) });
export type StaffGroup = z.infer<typeof staffGroupSchema>;

/** The add form (part 2, section 3): name, shopname, phone, sex (default 1). */
export const staffInputSchema = z.object({
  name: text('姓名', STAFF_NAME_MAX),
  shopname: text('门店名称', STAFF_SHOP_MAX),
  phone: text('手机号', 20),
  /** 0 unknown, 1 male (absent: 1), 2 female. */
  sex: dbInt('性别', 0, 2).optional().default(1),
});
export type StaffInput = z.infer<typeof staffInputSchema>;

/** POST /api/user/add-user (Idempotency-Key accepted) → the new staff member; msg is the success dialog. */
export const addStaffSchema = staffInputSchema;

/** POST /api/user/update-user: the edit form, the type being read only. */
export const updateStaffSchema = staffInputSchema.extend({ uid });

/**
 * POST /api/user/del-user { uid, newUid? }: unbind. For a shop manager with staff, `newUid`
 * is the shop manager who takes them; without it they are unbound too.
 */
export const delStaffSchema = z.object({ uid, newUid: uid.nullish() });
export const delStaffResultSchema = z.object({
  uid: z.number(),
  /** Staff moved to `newUid`. */
  transferred: z.array(z.number()),
  /** Everyone unbound, the member first. */
  unbound: z.array(z.number()),
});
export type DelStaffResult = z.infer<typeof delStaffResultSchema>;

/** POST /api/user/get-shop-select-list → the shops the edit form may choose. */
export const shopOptionSchema = z.object({ label: z.string(), value: z.string() });
export type ShopOption = z.infer<typeof shopOptionSchema>;

/**
 * POST /api/user/get-demo-user-data { message } (line breaks already turned into the break
 * marker) → the recognised rows for /staff/batch/list.
 */
export const recognizeStaffInputSchema = z.object({ message: text('识别内容', 20_000, { trim: false }) });
export const recognizedStaffSchema = z.object({ name: z.string(), phone: z.string(), sex: z.number(), shopname: z.string() });
export type RecognizedStaff = z.infer<typeof recognizedStaffSchema>;

/** POST /api/user/batch-add-user { list } (Idempotency-Key accepted): one transaction. */
export const batchAddStaffSchema = z.object({
  list: z
    .array(staffInputSchema, { error: messages.input.invalid('员工列表') })
    .max(STAFF_BATCH_MAX, messages.staff.batchTooMany(STAFF_BATCH_MAX))
    .default([]),
});
export const batchAddRowSchema = z.object({
  name: z.string(),
  phone: z.string(),
  /** The new account, or null when the row was refused. */
  uid: z.number().nullable(),
  added: z.boolean(),
  /** Why the row was refused ('' when added): a rule of part 2, section 5 or a taken phone. */
  reason: z.string(),
});
export const batchAddResultSchema = z.object({
  added: z.number(),
  refused: z.number(),
  /** One entry per row sent, in order. */
  list: z.array(batchAddRowSchema),
});
export type BatchAddResult = z.infer<typeof batchAddResultSchema>;

/** The history state /staff/list hands to /staff/batch/list: the recognised rows. */
export const staffBatchStateSchema = z.object({ rows: z.array(recognizedStaffSchema) });
