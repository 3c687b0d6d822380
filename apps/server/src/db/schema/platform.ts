import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tz, createdAt } from './columns';
import { company } from './company';

/** Fixed-window counters for rate limits and login throttling. */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: tz('reset_at').notNull(),
});

/**
 * WeChat's access token and JS-SDK ticket with their expiry, shared by every instance:
 * WeChat caps how often they may be fetched (docs/decisions/006). Not tenant data: the
 * WeChat official account is one per deployment, and the key names its app id.
 */
export const wechatCredentialCache = pgTable('wechat_credential_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: tz('expires_at').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** ARCHITECTURE.md, API: the same Idempotency-Key replays the first answer. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.key] })],
);

/**
 * Every failed attempt of a queued job (migration 0019, docs/decisions/051): queue, job id, attempt
 * and the error's message, never the job's data. `final` when no retry is left.
 */
export const jobFailure = pgTable(
  'job_failure',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    jobId: text('job_id').notNull(),
    attempt: integer('attempt').notNull(),
    final: boolean('final').notNull(),
    error: text('error').notNull(),
    failedAt: tz('failed_at').notNull().defaultNow(),
    /** The company whose data the job was about (migration 0024, docs/decisions/056); null: the instance's. */
    companyId: integer('company_id').references(() => company.id),
  },
  (t) => [
    index('job_failure_failed_idx').on(t.failedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('job_failure_company_failed_idx').on(t.companyId, t.failedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Keys the deployment generates for itself when none is configured: made
 * once, kept here so they survive restarts and every instance shares them.
 */
export const instanceSecret = pgTable('instance_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
