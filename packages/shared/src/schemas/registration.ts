import { z } from 'zod';
import { messages } from '../messages';
import { validateRegistration } from '../rules/registration';
import { dbId, preprocess, text, type NumberInput } from './fields';
import { PICTURE_URL_MAX } from '../rules/upload-url';

/**
 * Distributor registration and its review (part 2, sections 3, 5 and 7). Structural parsing
 * here; the spec's ordered rules run in `validateRegistration`, the same function the form calls.
 */
/** An optional choice of the form: absent, null, '' or 0 is none. */
const optionalId = (field: string) =>
  preprocess<NumberInput | null | undefined>()((value) => (value === undefined || value === '' || value === 0 ? null : value), dbId(field).nullable());

/** POST /api/publicapi/reg-distributor: the spec's registration payload (Idempotency-Key accepted). */
export const regDistributorSchema = z
  .object({
    password: text('密码', 64, { trim: false }),
    companyLicenseName: text('营业执照名称', 100),
    name: text('分销商简称', 50),
    managerName: text('负责人姓名', 30),
    managerPhone: text('负责人手机号', 20),
    address: text('地址', 200),
    /** The chosen channel contact (a CHANNEL or CHANNELJINGLI user of the company), or none. */
    channelId: optionalId('渠道对接人'),
    /** Shown on the form only; the server reads the contact's name from its own data. */
    channelName: text('渠道对接人', 30),
    /** Part of the spec's payload; the channel contact is `channelId` (docs/decisions/013). */
    employeeId: optionalId('员工'),
    /** A URL returned by POST /api/publicapi/upload-licence. */
    businessLicensePic: text('营业执照', PICTURE_URL_MAX),
    locationId: optionalId('所在区域'),
    creditNo: text('统一社会信用代码', 30).transform((v) => v.toUpperCase()),
  })
  .superRefine((value, ctx) => {
    const failure = validateRegistration(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure.message, path: [failure.field] });
  });
export type RegDistributorInput = z.infer<typeof regDistributorSchema>;

/** GET /api/publicapi/get-company-by-keyword?keyword= → company names of the registry. */
export const companyKeywordQuerySchema = z.object({ keyword: text('公司名称', 50) });
export const companyOptionSchema = z.object({ name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** GET /api/publicapi/get-company-by-name?name= → { name, creditNo }; unknown is a 404. */
export const companyNameQuerySchema = z.object({ name: text('公司名称', 100) });
export const companyCreditSchema = z.object({ name: z.string(), creditNo: z.string() });
export type CompanyCredit = z.infer<typeof companyCreditSchema>;

/** POST /api/publicapi/get-channel-select → the tenant's channel contacts. */
export const channelOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  manageArea: z.string(),
  role: z.enum(['CHANNEL', 'CHANNELJINGLI']),
});
export type ChannelOption = z.infer<typeof channelOptionSchema>;

/** POST /api/publicapi/get-registration-list (AUDITORADMIN): pending registrations, oldest first. */
export const registrationItemSchema = z.object({
  id: z.number(),
  companyLicenseName: z.string(),
  name: z.string(),
  creditNo: z.string(),
  managerName: z.string(),
  managerPhone: z.string(),
  address: z.string(),
  businessLicensePic: z.string(),
  locationId: z.number().nullable(),
  locationName: z.string(),
  channelId: z.number().nullable(),
  channelName: z.string(),
  channelMobile: z.string(),
  /** 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
  createdAt: z.string(),
});
export type RegistrationItem = z.infer<typeof registrationItemSchema>;

/** POST /api/publicapi/review-registration (AUDITORADMIN). A rejection needs a reason. */
export const reviewRegistrationSchema = z.object({
  id: dbId('申请'),
  approve: z.boolean({ error: messages.input.invalid('审核结果') }),
  reason: text('驳回原因', 200),
});
export type ReviewRegistrationInput = z.infer<typeof reviewRegistrationSchema>;
export const reviewResultSchema = z.object({
  id: z.number(),
  status: z.enum(['APPROVED', 'REJECTED']),
  distributorId: z.number().nullable(),
  /** false: the review is saved but the SMS to the registrant's manager did not go out. */
  notified: z.boolean(),
});
