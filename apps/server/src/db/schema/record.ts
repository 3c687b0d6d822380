import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { BuildingProperty } from '@baobei/shared/rules/house';
import { tz, createdAt } from './columns';
import { awaitingVisitSql } from '../sql/awaiting-visit';
import { city } from './city';
import { company } from './company';
import { customer } from './customer';
import { commissionPolicy, house } from './house';
import { distributor, user } from './user';

/** The statuses waiting for the customer's visit (the shared AWAITING_VISIT_STATUSES), as an index predicate. */
const waiting = (t: { status: AnyPgColumn }) => awaitingVisitSql(t.status);

/** A report (报备): one listing and one customer, with a snapshot of the customer. */
export const record = pgTable(
  'record',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    customerId: integer('customer_id').references(() => customer.id),
    customerName: text('customer_name').notNull(),
    customerSex: integer('customer_sex').notNull().default(0),
    customerPhone: text('customer_phone').notNull(),
    /** First 3 + last 4 digits: the duplicate rule compares on it (DECISIONS.md, 撞单). */
    customerPhoneMasked: text('customer_phone_masked').notNull(),
    customerTelType: integer('customer_tel_type').notNull().default(0),
    customerPics: jsonb('customer_pics').$type<string[]>().notNull().default([]),
    /** When the reporter confirmed the customer's separate consent to customer_pics (docs/decisions/095). */
    picConsentAt: tz('pic_consent_at'),
    reporterId: integer('reporter_id').notNull().references(() => user.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    /** The reporter's shop manager at submit time, for the shop's visibility. */
    shopManagerId: integer('shop_manager_id').references(() => user.id),
    /**
     * The reporter's shop (二级公司) at submit time: a report keeps the shop it was made under when
     * its broker later moves (migration 0028, issue 28 item 3). The distributor is distributor_id.
     */
    shopName: text('shop_name').notNull().default(''),
    channelUserId: integer('channel_user_id').references(() => user.id),
    auditorId: integer('auditor_id').references(() => user.id),
    dkName: text('dk_name').notNull().default(''),
    dkPhone: text('dk_phone').notNull().default(''),
    visitorNum: integer('visitor_num').notNull().default(1),
    reception: text('reception').notNull().default(''),
    remark: text('remark').notNull().default(''),
    estimatedVisitTime: tz('estimated_visit_time').notNull(),
    visitTime: tz('visit_time'),
    status: text('status').$type<RecordStatus>().notNull().default('RECORDSTART'),
    approvalResult: text('approval_result').notNull().default(''),
    protectUntil: tz('protect_until').notNull(),
    /**
     * When the report's protection ended (its due time), written by the protection job: the
     * duplicate rule, 重新报备 and 已过保护期 read it (migration 0019, docs/decisions/051).
     */
    protectionExpiredAt: tz('protection_expired_at'),
    /** When the reporter was warned of the coming end; set once, so the warning goes once. */
    protectionWarnedAt: tz('protection_warned_at'),
    /**
     * When the reporter was reminded of the expected visit (到访提醒, docs/decisions/089); set once,
     * with the message, by a guarded update, so the reminder goes once however often the job runs.
     */
    visitRemindedAt: tz('visit_reminded_at'),
    /**
     * 数据保留 and 个人信息请求 (docs/decisions/093): when the report's pictures were deleted, and
     * when its customer was anonymised (name 客户X, phone masked, pictures deleted). In no
     * trigger's column list or WHEN clause: anonymising fires no tally.
     */
    picturesRemovedAt: tz('pictures_removed_at'),
    anonymisedAt: tz('anonymised_at'),
    /** Optimistic concurrency for status changes. */
    version: integer('version').notNull().default(1),
    submissionId: text('submission_id').notNull(),
    createdAt: createdAt(),
    auditAt: tz('audit_at'),
    operateAt: tz('operate_at'),
  },
  (t) => [
    // The lists are newest first (docs/decisions/016): each scope's index ends in created_at, id
    // (a page walks it and stops; a cursor seeks in it), then status (the tabs' grouped count
    // reads the index only). The whole company's: AUDITORADMIN, the channel roles.
    index('record_company_status_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('record_reporter_idx').on(t.companyId, t.reporterId, t.createdAt, t.id, t.status),
    index('record_distributor_idx').on(t.companyId, t.distributorId, t.createdAt, t.id, t.status),
    index('record_shop_manager_idx').on(t.companyId, t.shopManagerId, t.createdAt, t.id, t.status),
    index('record_auditor_idx').on(t.companyId, t.auditorId, t.status),
    index('record_company_created_idx').on(t.companyId, t.createdAt, t.id, t.status),
    index('record_auditor_created_idx').on(t.companyId, t.auditorId, t.createdAt, t.id, t.status),
    // The lists' keyword (migration 0011): the customer's name, the phone as entered and the
    // phone as the developer side reads it on a MASKED listing (hidePhone in SQL, the
    // expression record-tracking-repository.ts writes).
    index('record_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('record_customer_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('record_hidden_phone_trgm_idx')
      .using(
        'gin',
        sql`(case when ${t.customerPhone} = '' then '' when length(${t.customerPhone}) > 7 then left(${t.customerPhone}, 3) || '****' || right(${t.customerPhone}, 4) else '****' end) gin_trgm_ops`,
      )
      .with({ fastupdate: false }),
    index('record_channel_idx').on(t.companyId, t.channelUserId),
    // A customer's reports on its page, newest first (migration 0035, docs/decisions/088).
    index('record_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('record_duplicate_idx').on(t.houseId, t.customerPhoneMasked),
    // The external list of one listing: its waiting and its visited reports (docs/decisions/011),
    // the waiting ones in order of their expected visit and a day's range of them (docs/decisions/089).
    index('record_house_status_visit_idx').on(t.companyId, t.houseId, t.status, t.estimatedVisitTime, t.id),
    // 待到访 (docs/decisions/089): each reporter-side scope's waiting reports, soonest expected
    // visit first; partial, so a report leaves them when its customer visits or it closes.
    index('record_reporter_waiting_idx').on(t.companyId, t.reporterId, t.estimatedVisitTime, t.id).where(waiting(t)),
    index('record_shop_manager_waiting_idx').on(t.companyId, t.shopManagerId, t.estimatedVisitTime, t.id).where(waiting(t)),
    index('record_distributor_waiting_idx').on(t.companyId, t.distributorId, t.estimatedVisitTime, t.id).where(waiting(t)),
    // 到访提醒's due query (docs/decisions/089): the waiting, protected, not yet reminded reports by
    // expected visit, read over the window ahead only.
    index('record_visit_reminder_due_idx')
      .on(t.estimatedVisitTime, t.id)
      .where(sql`${t.visitRemindedAt} is null and ${t.protectionExpiredAt} is null and ${waiting(t)}`),
    // The protection job's due queries (migrations 0019, 0027): live reports only, walked in
    // bounded batches by (time, id) (docs/decisions/063). A visit without a visit time ends at
    // protect_until, as a waiting report does.
    index('record_report_protection_due_idx')
      .on(t.protectUntil, t.id)
      .where(
        sql`${t.protectionExpiredAt} is null and (${t.status} in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') or (${t.status} = 'VISIT' and ${t.visitTime} is null))`,
      ),
    // 数据保留's due query (docs/decisions/093): closed reports not yet anonymised, by the time they
    // closed (the last status change), walked in bounded batches by (time, id).
    index('record_retention_due_idx')
      .on(t.companyId, sql`coalesce(${t.operateAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.anonymisedAt} is null and ${t.status} in ('RECORDCLOSE', 'MAKEBARGAINCLOSE')`),
    index('record_picture_retention_due_idx')
      .on(t.companyId, sql`coalesce(${t.operateAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.picturesRemovedAt} is null and ${t.status} in ('RECORDCLOSE', 'MAKEBARGAINCLOSE')`),
    // 个人信息请求 (docs/decisions/093): a phone's reports within the company, as entered.
    index('record_customer_phone_idx').on(t.companyId, t.customerPhone),
    index('record_viewing_protection_due_idx').on(t.visitTime, t.id).where(sql`${t.protectionExpiredAt} is null and ${t.status} = 'VISIT'`),
  ],
);

/**
 * Open reports (any status but RECORDCLOSE, MAKEBARGAINCLOSE, MAKEBARGAINCOMPLETE) per assigned
 * auditor, kept by triggers on `record` in the transaction of every write (migration 0010,
 * docs/decisions/030). The submit picks the auditor from it; the app itself only adds zero rows.
 */
export const auditorOpenReport = pgTable('auditor_open_report', {
  auditorId: integer('auditor_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  openCount: integer('open_count').notNull().default(0),
});

/**
 * What an auditor audits when the company splits the work (migration 0017, docs/decisions/047):
 * one row per listing or city. An auditor without rows takes any report; the submit's pick
 * prefers the on-duty auditors whose rows cover the report's listing (or who have none).
 */
export const auditorScope = pgTable(
  'auditor_scope',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    auditorId: integer('auditor_id').notNull(),
    houseId: integer('house_id'),
    cityId: integer('city_id'),
  },
  // Migration 0010 made this table in SQL: its constraints keep PostgreSQL's names.
  (t) => [
    foreignKey({ name: 'auditor_scope_company_id_fkey', columns: [t.companyId], foreignColumns: [company.id] }),
    foreignKey({ name: 'auditor_scope_auditor_id_fkey', columns: [t.auditorId], foreignColumns: [user.id] }).onDelete('cascade'),
    foreignKey({ name: 'auditor_scope_house_id_fkey', columns: [t.houseId], foreignColumns: [house.id] }).onDelete('cascade'),
    foreignKey({ name: 'auditor_scope_city_id_fkey', columns: [t.cityId], foreignColumns: [city.id] }).onDelete('cascade'),
    check('auditor_scope_one_target', sql`(${t.houseId} is null) <> (${t.cityId} is null)`),
    index('auditor_scope_auditor_idx').on(t.auditorId, t.houseId, t.cityId),
    uniqueIndex('auditor_scope_house_uq').on(t.auditorId, t.houseId).where(sql`${t.houseId} is not null`),
    uniqueIndex('auditor_scope_city_uq').on(t.auditorId, t.cityId).where(sql`${t.cityId} is not null`),
  ],
);

/**
 * The report lists' tab counts (migration 0014, docs/decisions/041): signed counts of reports per
 * scope key ('company' with id 0, 'reporter', 'distributor', 'shop', 'auditor') and status,
 * inserted by triggers on `record` in the transaction of every write (+1 new, -1 old); a scope's
 * count per status is the sum of its rows, which the reader folds now and then (foldTally).
 */
export const recordTally = pgTable(
  'record_tally',
  {
    companyId: integer('company_id').notNull(),
    scope: text('scope').$type<'company' | 'reporter' | 'distributor' | 'shop' | 'auditor'>().notNull(),
    scopeId: integer('scope_id').notNull(),
    status: text('status').$type<RecordStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('record_tally_scope_idx').on(t.companyId, t.scope, t.scopeId, t.status, t.n)],
);

/**
 * record_tally per Shanghai day of the report's creation, for the dense scopes only ('company',
 * 'distributor', 'shop', 'auditor'; migration 0020, docs/decisions/041): a date range's tab counts
 * are the sum of its days' rows. Kept by the same triggers, insert-only, folded by the reader.
 */
export const recordDayTally = pgTable(
  'record_day_tally',
  {
    companyId: integer('company_id').notNull(),
    scope: text('scope').$type<'company' | 'distributor' | 'shop' | 'auditor'>().notNull(),
    scopeId: integer('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<RecordStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('record_day_tally_scope_idx').on(t.companyId, t.scope, t.scopeId, t.day, t.status, t.n)],
);

export const recordApproval = pgTable(
  'record_approval',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    status: text('status').$type<RecordStatus>().notNull(),
    userId: integer('user_id').references(() => user.id),
    userName: text('user_name').notNull().default(''),
    userPhone: text('user_phone').notNull().default(''),
    approvalResult: text('approval_result').notNull().default(''),
    visitTime: tz('visit_time'),
    estimatedVisitTime: tz('estimated_visit_time'),
    visitorNum: integer('visitor_num'),
    createdAt: createdAt(),
  },
  (t) => [index('record_approval_record_idx').on(t.recordId)],
);

export const recordDynamic = pgTable(
  'record_dynamic',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    userId: integer('user_id').notNull().references(() => user.id),
    userName: text('user_name').notNull(),
    remark: text('remark').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_dynamic_record_idx').on(t.recordId)],
);

export const recordImage = pgTable(
  'record_image',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    url: text('url').notNull(),
    uploadedBy: integer('uploaded_by').notNull().references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [index('record_image_record_idx').on(t.recordId)],
);

/**
 * The deal an auditor records at 成交 (migration 0021, docs/decisions/052): money in integer 分,
 * the policy used as a snapshot, paid_fen and settlement_state written with each payment.
 */
export const recordDeal = pgTable(
  'record_deal',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id').notNull().references(() => record.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    building: text('building').notNull(),
    room: text('room').notNull(),
    floorArea: numeric('floor_area', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    totalPriceFen: bigint('total_price_fen', { mode: 'number' }).notNull(),
    signedOn: date('signed_on').notNull(),
    contractPicture: text('contract_picture').notNull(),
    propertyType: text('property_type').$type<BuildingProperty>().notNull(),
    policyId: integer('policy_id').references(() => commissionPolicy.id, { onDelete: 'set null' }),
    policySnapshot: jsonb('policy_snapshot').$type<Record<string, unknown>>(),
    baseFen: bigint('base_fen', { mode: 'number' }).notNull(),
    incentiveFen: bigint('incentive_fen', { mode: 'number' }).notNull(),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull(),
    adjustedCommissionFen: bigint('adjusted_commission_fen', { mode: 'number' }),
    adjustReason: text('adjust_reason').notNull().default(''),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    settlementState: text('settlement_state').$type<'PENDING' | 'PARTIAL' | 'SETTLED'>().notNull().default('PENDING'),
    createdBy: integer('created_by').notNull().references(() => user.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('record_deal_record_idx').on(t.recordId),
    index('record_deal_company_idx').on(t.companyId, t.signedOn, t.id),
    check('record_deal_paid_check', sql`${t.paidFen} >= 0 and ${t.paidFen} <= coalesce(${t.adjustedCommissionFen}, ${t.commissionFen})`),
  ],
);

/** One payment of a deal's commission (migration 0021, docs/decisions/052). */
export const commissionPayment = pgTable(
  'commission_payment',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id').notNull().references(() => recordDeal.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference').notNull().default(''),
    createdBy: integer('created_by').notNull().references(() => user.id),
    createdAt: createdAt(),
    /** 冲销 (migration 0030, docs/decisions/080): a reversed payment is kept and no longer counts as paid. */
    reversedAt: tz('reversed_at'),
    reversedBy: integer('reversed_by').references(() => user.id),
    reverseReason: text('reverse_reason').notNull().default(''),
    /** 发票号 (migration 0032, docs/decisions/082): the invoice the distributor issued for it; '' when none. */
    invoiceNo: text('invoice_no').notNull().default(''),
  },
  (t) => [index('commission_payment_deal_idx').on(t.dealId, t.paidOn, t.id), check('commission_payment_amount_check', sql`${t.amountFen} > 0`)],
);

/**
 * 撞单 refusals (migration 0033, issue 31 item 4): one row per customer and listing a submit was
 * refused for, written after the refused transaction rolled back; 数据驾驶舱 counts them
 * ('refused', kept in channel_tally by its trigger).
 */
export const duplicateRefusal = pgTable(
  'duplicate_refusal',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    houseId: integer('house_id').notNull().references(() => house.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id'),
    shopManagerId: integer('shop_manager_id'),
    customerPhoneMasked: text('customer_phone_masked').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('duplicate_refusal_company_idx').on(t.companyId, t.createdAt)],
);
