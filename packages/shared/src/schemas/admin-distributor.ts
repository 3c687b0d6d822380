import { z } from 'zod';
import { adminDistributorMessages as text_ } from '../messages/admin';
import { isMainlandPhone } from '../rules/phone';
import { isValidCreditCode } from '../rules/registration';
import { messages } from '../messages';
import { ROLES } from '../rules/roles';
import { dbId, dbInt, optionalText, pageNumber, preprocess, text, type NumberInput } from './fields';
import { registrationItemSchema } from './registration';

/**
 * The console's distributors and registration review (issue 16, item 1; docs/decisions/046).
 * The review itself takes the mobile review's body (`reviewRegistrationSchema`) and runs the
 * registration module's own review.
 */

/** A choice that may be cleared: absent, null, '' and 0 are none. */
const nullableId = (field: string) =>
  preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === 0 ? null : v), dbId(field).nullable().optional());

export const DISTRIBUTOR_STATUSES = ['enabled', 'disabled'] as const;
export type DistributorStatus = (typeof DISTRIBUTOR_STATUSES)[number];

/** `GET /api/admin/distributor/list`. */
export const adminDistributorListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  /** Part of the name, the short name or the credit code, or the manager's phone. */
  keyword: optionalText(text_.keyword, 50),
  status: z.enum(DISTRIBUTOR_STATUSES, { error: text_.statusInvalid }).optional(),
  cityId: dbId('城市').optional(),
});
export type AdminDistributorListQuery = z.infer<typeof adminDistributorListQuerySchema>;

export const adminDistributorListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortName: z.string(),
  creditNo: z.string(),
  cityId: z.number().nullable(),
  cityName: z.string(),
  managerName: z.string(),
  managerPhone: z.string(),
  channelUserId: z.number().nullable(),
  channelName: z.string(),
  active: z.boolean(),
  /** ISO time of the last disabling, null when never. */
  disabledAt: z.string().nullable(),
  /** Its accounts (every role, active or not). */
  staffCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
});
export type AdminDistributorListItem = z.infer<typeof adminDistributorListItemSchema>;

export const adminDistributorListSchema = z.object({
  list: z.array(adminDistributorListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const distributorIdQuerySchema = z.object({ id: dbId('分销商ID') });
export const distributorVersionSchema = z.object({ id: dbId('分销商ID'), version: dbInt('版本号', 0) });

export const adminDistributorStaffSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  /** The distributor's general account (总账号). */
  distributorControl: z.boolean(),
  shopName: z.string(),
  /** A broker's shop manager. */
  managerId: z.number().nullable(),
  active: z.boolean(),
});
export type AdminDistributorStaff = z.infer<typeof adminDistributorStaffSchema>;

/** A shop: a shop manager (DIANZHANG) and the brokers under them. */
export const adminDistributorShopSchema = z.object({
  managerId: z.number(),
  managerName: z.string(),
  managerPhone: z.string(),
  shopName: z.string(),
  distributorControl: z.boolean(),
  active: z.boolean(),
  brokers: z.array(adminDistributorStaffSchema),
});

export const adminDistributorSchema = adminDistributorListItemSchema.extend({
  address: z.string(),
  channelPhone: z.string(),
  /** The licence from the registration, as a signed URL (a private picture); '' for none. */
  businessLicensePic: z.string(),
  updatedAt: z.string(),
  shops: z.array(adminDistributorShopSchema),
  staff: z.array(adminDistributorStaffSchema),
});
export type AdminDistributor = z.infer<typeof adminDistributorSchema>;

/** `POST /api/admin/distributor/update`: the fields named change; the version read is required. */
export const updateDistributorSchema = z.object({
  id: dbId('分销商ID'),
  version: dbInt('版本号', 0),
  name: text('分销商名称', 100)
    .refine((v) => v !== '', { error: text_.nameRequired })
    .optional(),
  shortName: text('分销商简称', 50)
    .refine((v) => v !== '', { error: text_.shortNameRequired })
    .optional(),
  address: optionalText('地址', 200),
  cityId: nullableId('所在区域'),
  channelUserId: nullableId('渠道对接人'),
  managerName: text('负责人姓名', 30)
    .refine((v) => v !== '', { error: text_.managerNameRequired })
    .optional(),
  managerPhone: text('负责人手机号', 20)
    .refine((v) => isMainlandPhone(v), { error: text_.managerPhoneInvalid })
    .optional(),
});
export type UpdateDistributorInput = z.infer<typeof updateDistributorSchema>;

/**
 * `POST /api/admin/distributor/create` (issue 30, item 5; docs/decisions/078): a distributor the
 * operator signs up, with its general account (DIANZHANG, distributorControl) for the manager's
 * phone and a one-time password. The registration form's rules for the credit code.
 */
export const createDistributorSchema = z.object({
  name: text('分销商名称', 100).refine((v) => v !== '', { error: text_.nameRequired }),
  shortName: text('分销商简称', 50).refine((v) => v !== '', { error: text_.shortNameRequired }),
  creditNo: text('统一社会信用代码', 30)
    .transform((v) => v.toUpperCase())
    .refine((v) => v !== '', { error: messages.registration.creditNoRequired, abort: true })
    .refine((v) => isValidCreditCode(v), { error: messages.registration.creditNoInvalid }),
  address: optionalText('地址', 200),
  cityId: preprocess<NumberInput | null | undefined>()((v) => (v === '' || v === 0 || v === undefined ? null : v), dbId('所在区域').nullable()).refine(
    (v) => v !== null,
    { error: text_.cityRequired },
  ),
  channelUserId: nullableId('渠道对接人'),
  managerName: text('负责人姓名', 30).refine((v) => v !== '', { error: text_.managerNameRequired }),
  managerPhone: text('负责人手机号', 20).refine((v) => isMainlandPhone(v), { error: text_.managerPhoneInvalid }),
});
export type CreateDistributorInput = z.infer<typeof createDistributorSchema>;

/** The new distributor, and its general account with the one-time password (shown this once). */
export const createdDistributorSchema = z.object({
  distributor: adminDistributorSchema,
  account: z.object({ id: z.number(), name: z.string(), phone: z.string(), password: z.string() }),
});
export type CreatedDistributor = z.infer<typeof createdDistributorSchema>;

export const REGISTRATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/** `GET /api/admin/registration/list`: every registration of the company, newest first; a status filter. */
export const adminRegistrationListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  status: z.enum(REGISTRATION_STATUSES, { error: text_.statusInvalid }).optional(),
});
export type AdminRegistrationListQuery = z.infer<typeof adminRegistrationListQuerySchema>;

export const adminRegistrationItemSchema = registrationItemSchema.extend({
  status: z.enum(REGISTRATION_STATUSES),
  reason: z.string(),
  reviewerName: z.string(),
  /** 'YYYY-MM-DD HH:mm' in Asia/Shanghai, '' while pending. */
  reviewedAt: z.string(),
  distributorId: z.number().nullable(),
});
export type AdminRegistrationItem = z.infer<typeof adminRegistrationItemSchema>;

export const adminRegistrationListSchema = z.object({
  list: z.array(adminRegistrationItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
