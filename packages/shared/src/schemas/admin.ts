import { z } from 'zod';
import { accountNameField, accountPhoneField } from './admin-account';
import { adminCompanyMessages as text_ } from '../messages/admin';
import { validatePasswordLogin } from '../rules/auth';
import { CONTACT_PHONE, HEX_COLOUR, HOST_PATTERN } from '../rules/console-fields';
import { CONSOLE_SCOPES } from '../rules/console-scopes';
import { CONSOLE_ROLES } from '../rules/roles';
import { dbId, dbInt, optionalText, pageNumber, preprocess, storedPicture, text, type NumberInput } from './fields';
import { SMS_MESSAGE_KINDS } from '../rules/message';
import { HIGH_COMMISSION_MAX_YUAN } from '../rules/commission-rank';
import { VISIT_REMINDER_MAX_MINUTES } from '../rules/awaiting-visit';
import { RETENTION_MAX_MONTHS } from '../rules/retention';
import { adminPrivacyMessages as privacyText } from '../messages/admin/privacy';
import { messageMessages as messageText } from '../messages/message';
import { companyBrandFields } from './company';

/**
 * The operator console's requests and answers (docs/decisions/039). Field names are those of
 * the company table as the console shows them; every rule's message is Chinese and names its
 * field, and a refused body carries `data.field` (the field's name) for the console's forms.
 */

// Sign-in ------------------------------------------------------------------------------------

/** `POST /api/admin/auth/sign`: the mobile password sign-in's rules, with the console's names. */
export const adminSignSchema = z
  .object({
    phone: text('手机号', 32),
    password: text('密码', 128, { trim: false }),
    /** The picture code (GET /api/login/verify-code's `sn` and the typed answer), needed after failures. */
    captchaSn: optionalText('图形验证码', 64),
    captcha: optionalText('图形验证码', 16),
    /** The login code sent to the account's phone, needed past the account's failure ceiling. */
    smsCode: optionalText('验证码', 16),
  })
  .superRefine((value, ctx) => {
    const message = validatePasswordLogin({ username: value.phone, password: value.password });
    if (message) ctx.addIssue({ code: 'custom', message, path: [value.phone ? 'password' : 'phone'] });
  });
export type AdminSignInput = z.infer<typeof adminSignSchema>;

export const consoleRoleSchema = z.enum(CONSOLE_ROLES);

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  role: consoleRoleSchema,
  /** Decision 017: a console account made by create-admin must change its password first. */
  mustChangePassword: z.boolean(),
  /** docs/decisions/081: what the account may open (PLATFORM_ADMIN: ADMIN, everything). */
  consoleScope: z.enum(CONSOLE_SCOPES),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminSignAnswerSchema = z.object({ token: z.string(), user: adminUserSchema });
export type AdminSignAnswer = z.infer<typeof adminSignAnswerSchema>;

/** `POST /api/admin/auth/change-password`: the mobile change-password body. */
export { changePasswordSchema as adminChangePasswordSchema } from './auth';

// Brand and settings -------------------------------------------------------------------------

/** Everything the console edits of a company: brand, hosts, settings. */
export const companyBrandSchema = z.object({
  id: z.number(),
  ...companyBrandFields,
  /** The user agreement shown at sign-in (/user/agreement); '' shows the built-in text. */
  agreement: z.string(),
  /** 隐私政策 (/privacy, the report form's notice links it; docs/decisions/095); '' shows the built-in text. */
  privacyPolicy: z.string(),
  /** The customer-service phone (kefPhone of the initial config). */
  kefPhone: z.string(),
  /** The page hosts that select this company (lower case, no port). */
  hosts: z.array(z.string()),
  /** Customers one report may carry (DECISIONS.md: default 5). */
  maxCustomersPerReport: z.number(),
  /** Defaults a new listing takes: report protection in hours, lead time in minutes. */
  defaultProtectHours: z.number(),
  defaultReportLeadTime: z.number(),
  /** Hours before a protection ends that its reporter is warned; 0: no warning (docs/decisions/056). */
  protectionWarningHours: z.number(),
  /** 高佣 (decision 090): the estimated commission per home, in 元, from which the phone's list calls a listing high. */
  highCommissionYuan: z.number(),
  /** 到访提醒提前: minutes before a waiting report's expected visit that its reporter is reminded; 0: none (docs/decisions/089). */
  visitReminderMinutes: z.number(),
  /** 数据保留 (docs/decisions/093): months after a report closed that its customer is anonymised, and its pictures deleted. */
  retentionMonths: z.number(),
  pictureRetentionMonths: z.number(),
  /** Decision 022: only the auditor admin confirms a deal. */
  dealConfirmByAdmin: z.boolean(),
  /** 短信通知 (docs/decisions/054): the notification kinds also sent by SMS. */
  smsNotifyKinds: z.array(z.enum(SMS_MESSAGE_KINDS)),
  /** The WeChat features (sign-in, binding, share) when the server has WeChat credentials. */
  wechatEnabled: z.boolean(),
  /** Optimistic concurrency: send it back with update-brand; a stale one is 409. */
  version: z.number(),
  updatedAt: z.string(),
});
export type CompanyBrand = z.infer<typeof companyBrandSchema>;


const colour = (field: string) => text(field, 7).refine((v) => HEX_COLOUR.test(v), { error: text_.colorInvalid(field) });
const picture = (field: string) => storedPicture(field, { invalid: text_.pictureInvalid(field) });
const setting = (field: string, min: number, max: number, message: string) =>
  preprocess<NumberInput>()(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: message }),
  );
const flag = (field: string) => z.boolean({ error: `${field}格式不正确` });

/** Host names as typed: trimmed and lower-cased, each checked, no repeats. */
export const hostsSchema = z
  .array(z.string({ error: text_.hostInvalid('') }), { error: text_.hostsRequired })
  .transform((hosts) => hosts.map((h) => h.trim().toLowerCase()))
  .superRefine((hosts, ctx) => {
    if (hosts.length === 0) return void ctx.addIssue({ code: 'custom', message: text_.hostsRequired });
    if (hosts.length > 10) return void ctx.addIssue({ code: 'custom', message: text_.hostsTooMany });
    const seen = new Set<string>();
    for (const host of hosts) {
      if (host.length > 253 || !HOST_PATTERN.test(host)) return void ctx.addIssue({ code: 'custom', message: text_.hostInvalid(host) });
      if (seen.has(host)) return void ctx.addIssue({ code: 'custom', message: text_.hostRepeated(host) });
      seen.add(host);
    }
  });

/** The editable fields, each optional: an update changes only what it names. */
const brandFields = {
  title: text('公司名称', 40)
    .refine((v) => v !== '', { error: text_.titleRequired })
    .optional(),
  color: colour('主题色').optional(),
  gradientColor: colour('渐变色').optional(),
  logo: picture('Logo').optional(),
  subLogo: picture('副Logo').optional(),
  favicon: picture('网站图标').optional(),
  description: text('公司简介', 2000).optional(),
  agreement: text('用户协议', 20000).optional(),
  privacyPolicy: text('隐私政策', 20000).optional(),
  kefPhone: text('客服电话', 20)
    .refine((v) => v === '' || CONTACT_PHONE.test(v), { error: text_.kefPhoneInvalid })
    .optional(),
  maxCustomersPerReport: setting('每次报备客户数', 1, 20, text_.maxCustomersInvalid).optional(),
  defaultProtectHours: setting('默认报备保护期', 1, 8760, text_.protectHoursInvalid).optional(),
  defaultReportLeadTime: setting('默认提前报备时间', 0, 1440, text_.leadTimeInvalid).optional(),
  // At most a week: a warning is about the days left, and 0 turns it off (docs/decisions/056).
  protectionWarningHours: setting('保护期到期提醒', 0, 168, text_.protectionWarningHoursInvalid).optional(),
  highCommissionYuan: setting('高佣标准', 0, HIGH_COMMISSION_MAX_YUAN, text_.highCommissionInvalid).optional(),
  // At most a day ahead; 0 sends no reminder (docs/decisions/089).
  visitReminderMinutes: setting('到访提醒提前', 0, VISIT_REMINDER_MAX_MINUTES, text_.visitReminderMinutesInvalid).optional(),
  // 数据保留 (docs/decisions/093): one month to ten years.
  retentionMonths: setting('客户信息保留', 1, RETENTION_MAX_MONTHS, privacyText.retentionMonthsInvalid).optional(),
  pictureRetentionMonths: setting('图片保留', 1, RETENTION_MAX_MONTHS, privacyText.pictureRetentionMonthsInvalid).optional(),
  dealConfirmByAdmin: flag('成交确认开关').optional(),
  // 短信通知 (docs/decisions/054): kept in SMS_MESSAGE_KINDS' order, each once.
  smsNotifyKinds: z
    .array(z.enum(SMS_MESSAGE_KINDS, { error: `${messageText.smsNotify}格式不正确` }), { error: `${messageText.smsNotify}格式不正确` })
    .max(SMS_MESSAGE_KINDS.length * 2, { error: `${messageText.smsNotify}格式不正确` })
    .transform((kinds) => SMS_MESSAGE_KINDS.filter((k) => kinds.includes(k)))
    .optional(),
  wechatEnabled: flag('微信开关').optional(),
};

/** `companyId` names another company: PLATFORM_ADMIN only (an OPERATOR naming its own is fine). */
const companyIdField = { companyId: dbId('公司ID').optional() };

export const getBrandQuerySchema = z.object(companyIdField);

/** `POST /api/admin/company/update-brand`: the version read, and the fields to change. */
export const updateBrandSchema = z.object({
  ...companyIdField,
  version: dbInt('版本号', 0),
  ...brandFields,
  /** PLATFORM_ADMIN only (an OPERATOR sending hosts is 403). Replaces the company's hosts. */
  hosts: hostsSchema.optional(),
});
export type UpdateBrandInput = z.infer<typeof updateBrandSchema>;

/**
 * `POST /api/admin/company/create`: a title and at least one host; everything else has a default.
 * With `operator`, the company's first 运营管理员 is created in the same transaction, with a
 * one-time password the answer shows once (issue 30, item 1; docs/decisions/078).
 */
export const createCompanySchema = z.object({
  ...brandFields,
  title: text('公司名称', 40).refine((v) => v !== '', { error: text_.titleRequired }),
  hosts: hostsSchema,
  operator: z.object({ name: accountNameField, phone: accountPhoneField }, { error: text_.operatorInvalid }).optional(),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

/** The new company, and its first operator with the one-time password (shown this once, never stored in clear). */
export const createdCompanySchema = companyBrandSchema.extend({
  operator: z.object({ id: z.number(), name: z.string(), phone: z.string(), password: z.string() }).nullable(),
});
export type CreatedCompany = z.infer<typeof createdCompanySchema>;

/**
 * `GET /api/admin/setup`: what a company has of what its first report needs (issue 30,
 * item 1; docs/decisions/078): the console's 开通清单 on 概览 names what is missing.
 */
export const companySetupSchema = z.object({
  /** Enabled cities under an enabled province (what the app offers). */
  cities: z.number(),
  features: z.number(),
  /** Active AUDITOR and AUDITORADMIN accounts: without one a report is refused (暂无可分配的审核人员). */
  auditors: z.number(),
  /** Listings on the shelves. */
  houses: z.number(),
  /** Active distributors. */
  distributors: z.number(),
});
export type CompanySetup = z.infer<typeof companySetupSchema>;

// Company list -------------------------------------------------------------------------------

export const companyListQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  /** Part of a title or a host. */
  keyword: optionalText('关键词', 50),
});

export const companyListItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  color: z.string(),
  logo: z.string(),
  hosts: z.array(z.string()),
  /** Console accounts (OPERATOR, PLATFORM_ADMIN) of the company. */
  operatorCount: z.number(),
  createdAt: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const companyListSchema = z.object({
  list: z.array(companyListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** `GET /api/admin/auth/me`. */
export const adminMeSchema = z.object({ user: adminUserSchema, company: companyBrandSchema });
export type AdminMe = z.infer<typeof adminMeSchema>;
