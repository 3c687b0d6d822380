import { z } from 'zod';
import { adminAccountMessages as text_ } from '../messages/admin';
import { CONSOLE_SCOPES } from '../rules/console-scopes';
import { MAINLAND_PHONE_PATTERN } from '../rules/phone';
import { AUDITOR_ROLES, CHANNEL_ROLES, type Role } from '../rules/roles';
import { STAFF_NAME_MAX } from '../rules/staff';
import { dbId, dbInt, pageNumber, preprocess, text } from './fields';

/**
 * The console's accounts (issue 16, item 2; docs/decisions/047): auditors and auditor admins,
 * channel staff, operators, each group with the roles it may hold. PLATFORM_ADMIN accounts are in
 * no group: they come from `npm run create-admin` and no console call lists or changes them.
 * Refusals name the field (`data.field`) for the console's forms.
 */
export const ACCOUNT_GROUPS = {
  auditor: AUDITOR_ROLES,
  channel: CHANNEL_ROLES,
  operator: ['OPERATOR'],
} as const satisfies Record<string, readonly Role[]>;
export type AccountGroup = keyof typeof ACCOUNT_GROUPS;
export const ACCOUNT_GROUP_NAMES = Object.keys(ACCOUNT_GROUPS) as [AccountGroup, ...AccountGroup[]];
export type AccountRole = (typeof ACCOUNT_GROUPS)[AccountGroup][number];
export const ACCOUNT_ROLES = Object.values(ACCOUNT_GROUPS).flat() as AccountRole[];

/** The group of a role the console manages; null for every other role (distributor staff, PLATFORM_ADMIN). */
export function accountGroupOf(role: string): AccountGroup | null {
  for (const group of ACCOUNT_GROUP_NAMES) if ((ACCOUNT_GROUPS[group] as readonly string[]).includes(role)) return group;
  return null;
}

const group = z.enum(ACCOUNT_GROUP_NAMES, { error: text_.groupInvalid });
const role = preprocess<string | null | undefined>()(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: text_.roleRequired })
    .refine((v) => v !== '', { error: text_.roleRequired, abort: true })
    .refine((v) => (ACCOUNT_ROLES as string[]).includes(v), { error: text_.roleNotInGroup })
    .transform((v) => v as AccountRole),
);
/** A console account's name and phone, as every console form asks them (also the new company's first operator). */
export const accountNameField = text('姓名', STAFF_NAME_MAX).refine((v) => v !== '', { error: text_.nameRequired });
export const accountPhoneField = text('手机号', 20)
  .refine((v) => v !== '', { error: text_.phoneRequired, abort: true })
  .refine((v) => MAINLAND_PHONE_PATTERN.test(v), { error: text_.phoneInvalid });
const name = accountNameField;
const phone = accountPhoneField;
const vacation = preprocess<boolean | number | null | undefined>()(
  (v) => (v === 1 ? true : v === 0 ? false : v),
  z.boolean({ error: '休假格式不正确' }),
);
const manageArea = text('负责区域', 100);
const ids = (field: string, max: number) =>
  z
    .array(dbId(field), { error: `${field}格式不正确` })
    .max(max, { error: `${field}最多${max}项` })
    .transform((list) => [...new Set(list)]);
const version = dbInt('版本号', 0);
const id = dbId('账号ID');

/** `GET /api/admin/account/list`: one group's accounts, newest first. */
export const accountListQuerySchema = z.object({
  group,
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数', 1, 100).optional().default(20),
  /** Part of the name or of the phone. */
  keyword: text('关键词', 30).optional(),
  /** 'true' 启用, 'false' 已停用; absent: both. */
  active: z.enum(['true', 'false'], { error: '状态格式不正确' }).optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountIdQuerySchema = z.object({ id });
/** Reset password, unlock, end sessions: the account named (no version: they change nothing the edit form shows). */
export const accountIdSchema = z.object({ id });
/** Disable and enable: at the version read. */
export const accountIdVersionSchema = z.object({ id, version });

const optionalFields = {
  /** Auditors: on vacation (no new reports). */
  vacation: vacation.optional(),
  /** Channel staff: the area they manage (the mobile channel list's manageArea). */
  manageArea: manageArea.optional(),
  /** AUDITOR: the listings and cities they audit; both empty: every report. */
  scopeHouseIds: ids('审核范围楼盘', 500).optional(),
  scopeCityIds: ids('审核范围城市', 200).optional(),
  /** Channel staff: the distributors they look after (distributor.channel_user_id). */
  distributorIds: ids('负责分销商', 500).optional(),
  /** Operators: what they may open in the console (docs/decisions/081); a new one is 运营管理员 without it. */
  consoleScope: z.enum(CONSOLE_SCOPES, { error: text_.consoleScopeInvalid }).optional(),
};

/** `POST /api/admin/account/create`: a new account with a generated initial password, shown once. */
export const createAccountSchema = z.object({ group, role, name, phone, ...optionalFields });
export type CreateAccountInput = z.infer<typeof createAccountSchema>;

/** `POST /api/admin/account/update`: what is sent changes; a list sent replaces the whole list. */
export const updateAccountSchema = z.object({
  id,
  version,
  name: name.optional(),
  phone: phone.optional(),
  role: role.optional(),
  ...optionalFields,
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

const named = z.object({ id: z.number(), name: z.string() });

export const adminAccountSchema = z.object({
  id: z.number(),
  group: z.enum(ACCOUNT_GROUP_NAMES),
  role: z.enum(ACCOUNT_ROLES as [AccountRole, ...AccountRole[]]),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
  vacation: z.boolean(),
  manageArea: z.string(),
  /** The initial (or reset) password has not been changed yet. */
  mustChangePassword: z.boolean(),
  /** Wrong passwords counted on the phone this hour (decision 017); at 5 the sign-in asks for the picture code. */
  signInFailures: z.number(),
  /** The sign-in asks for the picture code, or change-password refuses (429): 解锁 clears both counts. */
  locked: z.boolean(),
  /** Live sessions (signed in somewhere). */
  sessionCount: z.number(),
  scopeHouses: z.array(named),
  scopeCities: z.array(named),
  distributors: z.array(named),
  /** Operators' console scope (docs/decisions/081); null for the other groups. */
  consoleScope: z.enum(CONSOLE_SCOPES).nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountListSchema = z.object({
  list: z.array(adminAccountSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** Create and reset-password: the account and its new password, which is never stored nor shown again. */
export const accountWithPasswordSchema = z.object({ account: adminAccountSchema, password: z.string() });

/** `GET /api/admin/account/options`: what the forms choose from (the company's listings, cities, distributors). */
export const accountOptionsSchema = z.object({
  houses: z.array(z.object({ id: z.number(), name: z.string(), cityName: z.string() })),
  cities: z.array(named),
  distributors: z.array(z.object({ id: z.number(), name: z.string(), channelUserId: z.number().nullable(), channelName: z.string() })),
});
export type AccountOptions = z.infer<typeof accountOptionsSchema>;
