import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConsoleScope } from '@baobei/shared/rules/console-scopes';
import type { Role } from '@baobei/shared/rules/roles';
import { tz, createdAt } from './columns';
import { city } from './city';
import { company } from './company';

export const distributor = pgTable(
  'distributor',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    creditNo: text('credit_no').notNull(),
    businessLicensePic: text('business_license_pic').notNull().default(''),
    address: text('address').notNull().default(''),
    locationId: integer('location_id').references(() => city.id),
    /** The channel contact (CHANNEL user) who looks after this distributor. */
    channelUserId: integer('channel_user_id').references((): AnyPgColumn => user.id),
    managerName: text('manager_name').notNull().default(''),
    managerPhone: text('manager_phone').notNull().default(''),
    /** false: disabled in the console (migration 0016): its people cannot sign in, their sessions ended. */
    active: boolean('active').notNull().default(true),
    disabledAt: tz('disabled_at'),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('distributor_credit_no_uq').on(t.companyId, t.creditNo),
    index('distributor_channel_idx').on(t.companyId, t.channelUserId),
  ],
);

export const user = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    role: text('role').$type<Role>().notNull(),
    /** The general account of a distributor (part 2, section 6). */
    distributorControl: boolean('distributor_control').notNull().default(false),
    shopName: text('shop_name').notNull().default(''),
    /** A broker's shop manager. */
    managerId: integer('manager_id').references((): AnyPgColumn => user.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    sex: integer('sex').notNull().default(0),
    resume: text('resume').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** Channel staff: the area they manage (channelList.manageArea). */
    manageArea: text('manage_area').notNull().default(''),
    /** Auditors: 0 on duty, 1 on vacation. */
    vacation: integer('vacation').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * An OPERATOR's console scope (migration 0031, docs/decisions/081); read for OPERATOR only.
     * Every account has one so an operator created anywhere is 运营管理员 unless told otherwise.
     */
    consoleScope: text('console_scope').$type<ConsoleScope>().notNull().default('ADMIN'),
    /** Optimistic concurrency of the console's account edits (migration 0017, docs/decisions/047). */
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_company_phone_uq').on(t.companyId, t.phone),
    index('user_distributor_idx').on(t.companyId, t.distributorId),
    index('user_manager_idx').on(t.managerId),
    index('user_role_idx').on(t.companyId, t.role),
    check('user_console_scope_check', sql`${t.consoleScope} in ('ADMIN', 'FINANCE', 'CONTENT', 'READONLY')`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').references(() => user.id),
    content: text('content').notNull(),
    /** The console's inbox (migration 0018, docs/decisions/050): handled once, by whom, with an optional note. */
    handledAt: tz('handled_at'),
    handledBy: integer('handled_by'),
    handleNote: text('handle_note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'feedback_handled_by_fkey', columns: [t.handledBy], foreignColumns: [user.id] }),
    index('feedback_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('feedback_company_unhandled_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.handledAt} is null`),
  ],
);
