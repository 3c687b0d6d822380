import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { company } from './company';
import { user } from './user';

/**
 * 个人信息请求 (issue 33 item 4, docs/decisions/093): a person's request for what is held about a
 * phone number, and how it was handled (exported, anonymised). The phone is kept as a keyed hash
 * only, so the record of a deletion does not keep what was deleted; the counts per source.
 */
export const piiRequest = pgTable(
  'pii_request',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    phoneKey: text('phone_key').notNull(),
    action: text('action').$type<'export' | 'anonymise'>().notNull(),
    operatorId: integer('operator_id').references(() => user.id),
    reason: text('reason').notNull().default(''),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('pii_request_action_check', sql`${t.action} in ('export', 'anonymise')`),
    index('pii_request_company_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Who saw a customer's full phone number (issue 33, item 2; docs/decisions/092): one row per
 * customer shown per answer, written in the request that showed it. Append-only: a trigger
 * (migration 0039) refuses UPDATE and DELETE. The number itself is not kept: `phone_key` is a
 * keyed hash (HMAC-SHA256 under a deployment key) the console's filter computes the same way,
 * `phone_masked` the 3 + 4 digits an operator reads. No foreign key on the user, the report or
 * the company (migration 0042): the log outlives what it names, and its insert is one statement
 * that no other table's check or lock slows (the company's check was a quarter of its time).
 */
export const piiAccessLog = pgTable(
  'pii_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The signed-in account; null for the external arrival link (actor EXTERNAL). */
    userId: integer('user_id'),
    actor: text('actor').$type<'USER' | 'EXTERNAL'>().notNull(),
    phoneKey: text('phone_key').notNull(),
    phoneMasked: text('phone_masked').notNull(),
    recordId: integer('record_id'),
    customerId: integer('customer_id'),
    /** The API path that answered, e.g. /api/record/get-record-list. */
    route: text('route').notNull(),
    createdAt: createdAt(),
  },
  // The console's filters (all, by phone, by user), each ending in its page order.
  (t) => [
    index('pii_access_log_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pii_access_log_company_phone_idx').on(t.companyId, t.phoneKey, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pii_access_log_company_user_idx').on(t.companyId, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
