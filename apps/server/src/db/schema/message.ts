import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MessageKind } from '@baobei/shared/rules/message';
import { tz, createdAt } from './columns';
import { company } from './company';
import { record } from './record';
import { user } from './user';

/**
 * Notifications (issue 17, item 4; docs/decisions/054): one row per recipient, written in the
 * transaction of its cause. The message centre pages on (user_id, id desc).
 */
export const message = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').notNull().references(() => user.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    recordId: integer('record_id').references(() => record.id, { onDelete: 'set null' }),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('message_user_unread_idx').on(t.userId, t.id.desc().nullsFirst()).where(sql`${t.readAt} is null`),
    // The nightly housekeeping's oldest first (migration 0027, docs/decisions/057 and 063).
    index('message_created_idx').on(t.createdAt, t.id),
    // A report's messages, which name its customer (个人信息请求, docs/decisions/093).
    index('message_record_idx').on(t.recordId),
  ],
);

/** The external channels of a message (the outbox the message-delivery job sends). */
export const messageDelivery = pgTable(
  'message_delivery',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'wechat' | 'sms'>().notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed' | 'skipped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    sentAt: tz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_delivery_channel_uq').on(t.messageId, t.channel),
    index('message_delivery_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.state} = 'pending'`),
    check('message_delivery_channel_check', sql`${t.channel} in ('wechat', 'sms')`),
    check('message_delivery_state_check', sql`${t.state} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/** The kinds a user turned off (消息设置). */
export const userMessageSetting = pgTable(
  'user_message_setting',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => user.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    disabled: boolean('disabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
