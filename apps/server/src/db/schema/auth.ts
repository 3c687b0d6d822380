import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tz, createdAt } from './columns';
import { company } from './company';
import { user } from './user';

/** DECISIONS.md: opaque 256-bit tokens stored hashed, sliding expiry 7 days. */
export const session = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => user.id),
    companyId: integer('company_id').notNull().references(() => company.id),
    expiresAt: tz('expires_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'login' | 'retrieve' | 'phone'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_code_phone_idx').on(t.companyId, t.phone, t.createdAt),
    index('sms_code_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const captcha = pgTable('captcha', {
  sn: text('sn').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: createdAt(),
});
