import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlertKind, ChannelDim, ChannelMeasure } from '@baobei/shared/rules/channel-dashboard';
import { tz, createdAt } from './columns';

/**
 * 数据驾驶舱's kept counts (migration 0033, docs/decisions/087): signed sums per Shanghai day,
 * dimension key and measure, inserted by triggers on record, record_deal and commission_payment
 * in the transaction of every write (-old facts, +new facts; insert-only, as record_tally), and
 * folded by the dashboard module's job. Each row also names the report's distributor and shop
 * (0: none) where the dimension needs them to be scoped: a general account's shops and brokers,
 * a shop manager's brokers, a channel manager's distributors.
 */
export const channelTally = pgTable(
  'channel_tally',
  {
    companyId: integer('company_id').notNull(),
    dim: text('dim').$type<ChannelDim>().notNull(),
    dimId: integer('dim_id').notNull(),
    distributorId: integer('distributor_id').notNull(),
    shopId: integer('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    measure: text('measure').$type<ChannelMeasure>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Written by a trigger and not yet folded into its day's sums (foldChannelTally). */
    fresh: boolean('fresh').notNull().default(true),
  },
  (t) => [
    // A period of some keys (the company's, a city's, a listing's, a distributor's figures; the
    // auditors'). The rankings read channel_rank_day and channel_rank_month.
    index('channel_tally_key_idx').on(t.companyId, t.dim, t.dimId, t.day, t.measure, t.n),
    // The fold's queue: the days with rows not folded yet.
    index('channel_tally_fresh_idx').on(t.companyId, t.day).where(sql`${t.fresh}`),
  ],
);

/** The keys a ranking ranks (channel_rank_day and channel_rank_month hold these only). */
export const RANKED_DIMS = ['distributor', 'shop', 'reporter', 'house', 'house_shop'] as const satisfies readonly ChannelDim[];

/**
 * The ranking's measures as columns of one row per key and day (or month). The four counts are
 * integers: sum(integer) adds in a plain bigint where sum(bigint) carries a 128-bit state per key
 * and answers numeric, so a year's listing ranking (10,000 keys) sums faster in half the hash
 * memory; the money (fen) stays bigint.
 */
function rankColumns() {
  return {
    companyId: integer('company_id').notNull(),
    dim: text('dim').$type<(typeof RANKED_DIMS)[number]>().notNull(),
    dimId: integer('dim_id').notNull(),
    distributorId: integer('distributor_id').notNull(),
    shopId: integer('shop_id').notNull(),
    reported: integer('reported').notNull(),
    arrived: integer('arrived').notNull(),
    dealt: integer('dealt').notNull(),
    deals: integer('deals').notNull(),
    dealValue: bigint('deal_value', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    fresh: boolean('fresh').notNull().default(true),
  };
}

/**
 * The rankings' kept sums (migration 0033, docs/decisions/087): channel_tally's ranking measures
 * of the ranked keys, one row per key and day with the measures as columns, added by a statement
 * trigger on channel_tally from each insert of a writer's trigger and folded with it. A listing
 * has a report every few days: one row per key and measure made a year's listing ranking read
 * 640,000 rows (220 ms at 1M reports); a row per key carries all six.
 */
export const channelRankDay = pgTable(
  'channel_rank_day',
  { ...rankColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [
    index('channel_rank_day_idx').on(t.companyId, t.dim, t.day, t.dimId, t.reported, t.arrived, t.dealt, t.deals, t.dealValue, t.commission),
    index('channel_rank_day_owner_idx').on(t.companyId, t.distributorId, t.dim, t.day, t.shopId, t.dimId, t.reported, t.arrived, t.dealt, t.deals, t.dealValue, t.commission),
    index('channel_rank_day_fresh_idx').on(t.companyId, t.day).where(sql`${t.fresh}`),
  ],
);

/** channel_rank_day per calendar month (its first day): a ranking reads the whole months of its period here. */
export const channelRankMonth = pgTable(
  'channel_rank_month',
  { ...rankColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [
    index('channel_rank_month_idx').on(t.companyId, t.dim, t.month, t.dimId, t.reported, t.arrived, t.dealt, t.deals, t.dealValue, t.commission),
    index('channel_rank_month_owner_idx').on(t.companyId, t.distributorId, t.dim, t.month, t.shopId, t.dimId, t.reported, t.arrived, t.dealt, t.deals, t.dealValue, t.commission),
    index('channel_rank_month_fresh_idx').on(t.companyId, t.month).where(sql`${t.fresh}`),
  ],
);

/**
 * 数据驾驶舱's alerts (migration 0034, issue 31 item 5): one row per kind, subject and day, found
 * by the alert job (surge, low arrival rate, one phone reported by many distributors). Kept when
 * found again the same day (its figures updated); dismissed by an operator, never deleted.
 */
export const channelAlert = pgTable(
  'channel_alert',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    /** What it is about: 'd:<distributor id>' or 'p:<masked phone>'. */
    subject: text('subject').notNull(),
    distributorId: integer('distributor_id'),
    phoneKey: text('phone_key'),
    /** The day it is about (a surge's day, the end of a rate's window, the day a phone was seen). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The figures behind it (counts, rates, the window), for its text and its link. */
    figures: jsonb('figures').$type<Record<string, number | string>>().notNull(),
    createdAt: createdAt(),
    dismissedAt: tz('dismissed_at'),
    dismissedBy: integer('dismissed_by'),
  },
  (t) => [uniqueIndex('channel_alert_subject_uq').on(t.companyId, t.kind, t.subject, t.day), index('channel_alert_company_day_idx').on(t.companyId, t.day)],
);

/** An alert kind an operator switched off (absent: on). */
export const channelAlertSwitch = pgTable(
  'channel_alert_switch',
  {
    companyId: integer('company_id').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);
