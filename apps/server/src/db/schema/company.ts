import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { MessageKind } from '@baobei/shared/rules/message';
import { tz, createdAt } from './columns';

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  gradientColor: text('gradient_color').notNull(),
  logo: text('logo').notNull(),
  subLogo: text('sub_logo').notNull(),
  favicon: text('favicon').notNull(),
  description: text('description').notNull().default(''),
  kefPhone: text('kef_phone').notNull().default(''),
  /** DECISIONS.md: customers per report, default 5. */
  maxCustomersPerReport: integer('max_customers_per_report').notNull().default(5),
  /** docs/decisions/022: only the auditor admin confirms a deal when on (default: the assigned auditor). */
  dealConfirmByAdmin: boolean('deal_confirm_by_admin').notNull().default(false),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** docs/decisions/039: the user agreement text; '' shows the built-in one. */
  agreement: text('agreement').notNull().default(''),
  /** Defaults a new listing takes (house.report_protect_hours, house.report_lead_time in minutes). */
  defaultProtectHours: integer('default_protect_hours').notNull().default(72),
  defaultReportLeadTime: integer('default_report_lead_time').notNull().default(30),
  /** How many hours before a report's protection ends its reporter is warned (docs/decisions/051). */
  protectionWarningHours: integer('protection_warning_hours').notNull().default(24),
  /** The notification kinds the company also sends by SMS (docs/decisions/054; the console's 短信通知). */
  smsNotifyKinds: text('sms_notify_kinds').array().$type<MessageKind[]>().notNull().default(sql`'{}'::text[]`),
  /** The company's WeChat features, when the server has WeChat credentials at all. */
  wechatEnabled: boolean('wechat_enabled').notNull().default(true),
  /** Optimistic concurrency of the console's brand edits: every change adds one. */
  version: integer('version').notNull().default(1),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

/** The page host picks the company (part 1, section 1); a company may answer on several hosts. */
export const companyHost = pgTable('company_host', {
  host: text('host').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
});
