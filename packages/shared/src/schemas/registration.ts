import { z } from 'zod';
import { validateRegistration } from '../rules/registration';

/**
 * Distributor registration and its review (part 2, sections 3, 5 and 7). Structural parsing
 * here; the spec's ordered rules run in `validateRegistration`, the same function the form calls.
 */
const text = (max: number) => z.string().trim().max(max).catch('');
const optionalId = z.coerce.number().int().positive().nullable().catch(null);

/** POST /api/publicapi/reg-distributor: the spec's registration payload (Idempotency-Key accepted). */
export const regDistributorSchema = z
  .object({
    password: z.string().max(64).catch(''),
    companyLicenseName: text(100),
    name: text(50),
    managerName: text(30),
    managerPhone: text(20),
    address: text(200),
    /** The chosen channel contact (a CHANNEL or CHANNELJINGLI user of the company), or none. */
    channelId: optionalId,
    /** Shown on the form only; the server reads the contact's name from its own data. */
    channelName: text(30),
    /** Part of the spec's payload; the channel contact is `channelId` (docs/decisions/013). */
    employeeId: optionalId,
    /** A URL returned by POST /api/publicapi/upload-licence. */
    businessLicensePic: text(300),
    locationId: optionalId,
    creditNo: text(30).transform((v) => v.toUpperCase()),
  })
  .superRefine((value, ctx) => {
    const failure = validateRegistration(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure.message, path: [failure.field] });
  });
export type RegDistributorInput = z.infer<typeof regDistributorSchema>;

/** GET /api/publicapi/get-company-by-keyword?keyword= → company names of the registry. */
export const companyKeywordQuerySchema = z.object({ keyword: text(50) });
export const companyOptionSchema = z.object({ name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** GET /api/publicapi/get-company-by-name?name= → { name, creditNo }; unknown is a 404. */
export const companyNameQuerySchema = z.object({ name: text(100) });
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
  id: z.coerce.number().int().positive(),
  approve: z.boolean(),
  reason: text(200),
});
export type ReviewRegistrationInput = z.infer<typeof reviewRegistrationSchema>;
export const reviewResultSchema = z.object({
  id: z.number(),
  status: z.enum(['APPROVED', 'REJECTED']),
  distributorId: z.number().nullable(),
});
