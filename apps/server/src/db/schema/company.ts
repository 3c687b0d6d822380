import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DEFAULT_HIGH_COMMISSION_YUAN } from '@baobei/shared/rules/commission-rank';
import type { MessageKind } from '@baobei/shared/rules/message';
import { VISIT_REMINDER_DEFAULT_MINUTES } from '@baobei/shared/rules/awaiting-visit';
import { DEFAULT_PICTURE_RETENTION_MONTHS, DEFAULT_RETENTION_MONTHS } from '@baobei/shared/rules/retention';
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
  /** 隐私政策 (docs/decisions/095): the company's privacy policy; '' shows the built-in one. */
  privacyPolicy: text('privacy_policy').notNull().default(''),
  /** Defaults a new listing takes (house.report_protect_hours, house.report_lead_time in minutes). */
  defaultProtectHours: integer('default_protect_hours').notNull().default(72),
  defaultReportLeadTime: integer('default_report_lead_time').notNull().default(30),
  /** How many hours before a report's protection ends its reporter is warned (docs/decisions/051). */
  protectionWarningHours: integer('protection_warning_hours').notNull().default(24),
  /** 高佣 (decision 090): a listing's estimated commission per home, in 元, from which the phone's list calls it high. */
  highCommissionYuan: integer('high_commission_yuan').notNull().default(DEFAULT_HIGH_COMMISSION_YUAN),
  /** 到访提醒提前: minutes before a waiting report's expected visit that its reporter is reminded; 0: none (docs/decisions/089). */
  visitReminderMinutes: integer('visit_reminder_minutes').notNull().default(VISIT_REMINDER_DEFAULT_MINUTES),
  /** 数据保留 (docs/decisions/093): months after a report closed that its customer is anonymised, and its pictures deleted. */
  retentionMonths: integer('retention_months').notNull().default(DEFAULT_RETENTION_MONTHS),
  pictureRetentionMonths: integer('picture_retention_months').notNull().default(DEFAULT_PICTURE_RETENTION_MONTHS),
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
