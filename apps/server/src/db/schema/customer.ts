import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CUSTOMER_PAGE_LIMITS, type FollowUpKind, type IntentLevel } from '@baobei/shared/rules/customer-page';
import { tz, createdAt } from './columns';
import { company } from './company';
import { distributor, user } from './user';

/** A limit of the shared rule as a literal of a check constraint. */
const limit = (key: keyof typeof CUSTOMER_PAGE_LIMITS) => sql.raw(String(CUSTOMER_PAGE_LIMITS[key]));

export const customer = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    ownerId: integer('owner_id').notNull().references(() => user.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    name: text('name').notNull(),
    sex: integer('sex').notNull().default(0),
    phone: text('phone').notNull(),
    telType: integer('tel_type').notNull().default(0),
    /** Pinyin initial of the name (A-Z or #) for the grouped list. */
    anchor: text('anchor').notNull().default('#'),
    /**
     * 意向 (migration 0035, docs/decisions/088): level HIGH/MEDIUM/LOW or none, budget, wanted
     * area and layout, free tags (trimmed, each once); limits as rules/customer-page.ts.
     */
    intentLevel: text('intent_level').$type<IntentLevel>(),
    intentBudget: text('intent_budget').notNull().default(''),
    intentArea: text('intent_area').notNull().default(''),
    intentLayout: text('intent_layout').notNull().default(''),
    intentTags: jsonb('intent_tags').$type<string[]>().notNull().default([]),
    deletedAt: tz('deleted_at'),
    /** When its name, phone, pictures and notes were anonymised (docs/decisions/093). */
    anonymisedAt: tz('anonymised_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_intent_level_check', sql`${t.intentLevel} in ('HIGH', 'MEDIUM', 'LOW')`),
    check(
      'customer_intent_limits_check',
      sql`char_length(${t.intentBudget}) <= ${limit('budget')} and char_length(${t.intentArea}) <= ${limit('area')} and char_length(${t.intentLayout}) <= ${limit('layout')} and jsonb_typeof(${t.intentTags}) = 'array' and jsonb_array_length(${t.intentTags}) <= ${limit('tags')}`,
    ),
    index('customer_owner_idx').on(t.companyId, t.ownerId),
    index('customer_phone_idx').on(t.companyId, t.phone),
    // One live customer per owner and phone (migration 0006): a deleted one does not count.
    uniqueIndex('customer_owner_phone_live_uq').on(t.companyId, t.ownerId, t.phone).where(sql`${t.deletedAt} is null`),
  ],
);

export const customerImage = pgTable(
  'customer_image',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customer.id),
    url: text('url').notNull(),
    /**
     * When the owner confirmed the customer's separate consent to this picture (敏感个人信息,
     * docs/decisions/095); null for pictures uploaded before consent was asked (migration 0040).
     */
    consentedAt: tz('consented_at'),
  },
  (t) => [index('customer_image_customer_idx').on(t.customerId)],
);

/**
 * 跟进记录 of a customer (migration 0035, docs/decisions/088): what its owner did (电话, 微信, 带看,
 * 其他), a note and when. Read newest first per customer (customer_follow_up_customer_idx).
 */
export const customerFollowUp = pgTable(
  'customer_follow_up',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    customerId: integer('customer_id').notNull().references(() => customer.id),
    authorId: integer('author_id').notNull().references(() => user.id),
    kind: text('kind').$type<FollowUpKind>().notNull(),
    note: text('note').notNull(),
    happenedAt: tz('happened_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_follow_up_kind_check', sql`${t.kind} in ('PHONE', 'WECHAT', 'VISIT', 'OTHER')`),
    check('customer_follow_up_note_check', sql`char_length(${t.note}) between 1 and ${limit('note')}`),
    index('customer_follow_up_customer_idx').on(t.customerId, t.happenedAt.desc(), t.id.desc()),
  ],
);
