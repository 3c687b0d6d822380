import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ChannelDim, ChannelMeasure } from '@baobei/shared/rules/channel-dashboard';

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
    // A period of every key of a dimension (rankings, the company's figures).
    index('channel_tally_day_idx').on(t.companyId, t.dim, t.day, t.dimId, t.measure, t.n),
    // A period of one key (a listing's, a distributor's funnel).
    index('channel_tally_key_idx').on(t.companyId, t.dim, t.dimId, t.day, t.measure, t.n),
    // A period of one distributor's or shop's keys (the phone's rankings of shops and brokers).
    index('channel_tally_owner_idx').on(t.companyId, t.distributorId, t.dim, t.day, t.shopId, t.dimId, t.measure, t.n),
    // The fold's queue: the days with rows not folded yet.
    index('channel_tally_fresh_idx').on(t.companyId, t.day).where(sql`${t.fresh}`),
  ],
);
