import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rankingParts, type ChannelDim, type ChannelMeasure, type RankingDim, type RankingOrder } from '@baobei/shared/rules/channel-dashboard';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows, type Executor } from '../../db/client';
import { channelRankDay, channelRankMonth, channelTally, city, distributor, house, user } from '../../db/schema';

/** Shanghai calendar days, both included. */
export type Days = { from: string; to: string };

/** Ids of keys: one, several, or a subquery (a channel manager's distributors). */
export type KeyIds = number | readonly number[] | SQL;

/** Whose figures a sum reads: the company's, or the sum of some keys of one dimension. */
export type TallyTarget = { dim: 'company' } | { dim: Exclude<ChannelDim, 'company' | 'house_shop'>; ids: KeyIds };

/** Whose keys a ranking ranks: the company's all, some distributors' or one shop's. */
export type RankingReach = { kind: 'company' } | { kind: 'distributors'; ids: KeyIds } | { kind: 'shop'; distributorId: number; shopId: number };

export interface RankingSums {
  id: number;
  reported: number;
  arrived: number;
  dealt: number;
  deals: number;
  dealValueFen: number;
  commissionFen: number;
}

/** At most this many keys in a ranking. */
export const RANKING_LIMIT = 50;

/** An integer column of either tally among `ids` (one, several, or a subquery). */
const isIn = (column: AnyPgColumn, ids: KeyIds): SQL =>
  typeof ids === 'number' ? eq(column, ids) : Array.isArray(ids) ? inArray(column, ids as number[]) : inArray(column, ids as SQL);

/** A ranking measure's sum over the union's rows (their columns: dim_id and the six measures). */
const sumOf = (column: 'reported' | 'arrived' | 'dealt' | 'deals' | 'deal_value' | 'commission') => sql.raw(`sum(t.${column})`);

/** A ranking's order as SQL over the grouped sums (ties: more reports, then the smaller id). */
function orderSql(order: RankingOrder): SQL {
  switch (order) {
    case 'reported':
      return sql`${sumOf('reported')} desc`;
    case 'arrivalRate':
      return sql`${sumOf('arrived')}::float8 / nullif(${sumOf('reported')}, 0) desc nulls last`;
    // The ranking's 成交 is the cohort's, as its 报备 and 到访 (reports of the period that reached 成交).
    case 'deals':
      return sql`${sumOf('dealt')} desc`;
    case 'dealValue':
      return sql`${sumOf('deal_value')} desc`;
    case 'commission':
      return sql`${sumOf('commission')} desc`;
  }
}

/** The union of a ranking's row sources summed per key (but keys summing to nothing), ordered, the first RANKING_LIMIT. */
async function rankOfWith(db: Executor, pieces: readonly { getSQL(): SQL }[], order: RankingOrder) {
  const union = sql.join(
    pieces.map((p) => sql`(${p.getSQL()})`),
    sql` union all `,
  );
  // Serial: the union's scans would otherwise be a Parallel Append (each branch in a worker of
  // its own) whatever the tables' parallel_workers = 0 says, and on two cores that nearly doubled
  // a year's listing ranking (71 ms against 39 at 1M reports).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return queryRows<{ id: number; reported: string; arrived: string; dealt: string; deals: string; dealValueFen: string; commissionFen: string }>(
      tx,
      sql`select t.dim_id as id, ${sumOf('reported')} as reported, ${sumOf('arrived')} as arrived, ${sumOf('dealt')} as dealt,
          ${sumOf('deals')} as deals, ${sumOf('deal_value')} as "dealValueFen", ${sumOf('commission')} as "commissionFen"
        from (${union}) t group by t.dim_id
        having ${sumOf('reported')} <> 0 or ${sumOf('arrived')} <> 0 or ${sumOf('dealt')} <> 0 or ${sumOf('deals')} <> 0
          or ${sumOf('deal_value')} <> 0 or ${sumOf('commission')} <> 0
        order by ${orderSql(order)}, ${sumOf('reported')} desc, t.dim_id asc limit ${RANKING_LIMIT}`,
    );
  });
}

/**
 * 数据驾驶舱's reads (docs/decisions/087): sums of kept rows, never a report. Each is one grouped
 * statement: the figures on channel_tally's key_idx (some keys of a dimension over some days),
 * the rankings on channel_rank_month and channel_rank_day (every key of a dimension, or a
 * distributor's or a shop's keys on their owner indexes).
 */
export function createChannelRepository(db: Executor) {
  const rankOf = (pieces: readonly { getSQL(): SQL }[], order: RankingOrder) => rankOfWith(db, pieces, order);
  return {
    /** The target's sums per day and measure over `days`. */
    async daily(companyId: number, target: TallyTarget, days: Days, measures: readonly ChannelMeasure[]) {
      const rows = await db
        .select({ day: channelTally.day, measure: channelTally.measure, n: sql<string>`sum(${channelTally.n})` })
        .from(channelTally)
        .where(
          and(
            eq(channelTally.companyId, companyId),
            eq(channelTally.dim, target.dim),
            target.dim === 'company' ? eq(channelTally.dimId, 0) : isIn(channelTally.dimId, target.ids),
            gte(channelTally.day, days.from),
            lte(channelTally.day, days.to),
            inArray(channelTally.measure, [...measures]),
          ),
        )
        .groupBy(channelTally.day, channelTally.measure);
      return rows.map((r) => ({ day: r.day, measure: r.measure, n: Number(r.n) }));
    },

    /**
     * The first RANKING_LIMIT keys of `dim` within `reach` over `days`, by `order`: the months
     * of the period from channel_rank_month, plus or minus days of channel_rank_day at its ends
     * (rankingParts), summed per key in one statement.
     */
    async ranking(companyId: number, dim: RankingDim, reach: RankingReach, days: Days, order: RankingOrder): Promise<RankingSums[]> {
      const stored = dim === 'house' && reach.kind !== 'company' ? 'house_shop' : dim;
      const parts = rankingParts(days, shanghaiDay(new Date()));
      const keyed = (table: typeof channelRankDay | typeof channelRankMonth, when: SQL, sign: 1 | -1 = 1) => {
        const within =
          reach.kind === 'company'
            ? undefined
            : reach.kind === 'distributors'
              ? dim === 'distributor'
                ? isIn(table.dimId, reach.ids)
                : isIn(table.distributorId, reach.ids)
              : and(
                  eq(table.distributorId, reach.distributorId),
                  dim === 'distributor' ? eq(table.dimId, reach.distributorId) : dim === 'shop' ? eq(table.dimId, reach.shopId) : eq(table.shopId, reach.shopId),
                );
        return db
          .select(
            sign === 1
              ? {
                  dimId: table.dimId,
                  reported: table.reported,
                  arrived: table.arrived,
                  dealt: table.dealt,
                  deals: table.deals,
                  dealValue: table.dealValue,
                  commission: table.commission,
                }
              : {
                  dimId: table.dimId,
                  reported: sql`-${table.reported}`.as('reported'),
                  arrived: sql`-${table.arrived}`.as('arrived'),
                  dealt: sql`-${table.dealt}`.as('dealt'),
                  deals: sql`-${table.deals}`.as('deals'),
                  dealValue: sql`-${table.dealValue}`.as('deal_value'),
                  commission: sql`-${table.commission}`.as('commission'),
                },
          )
          .from(table)
          .where(and(eq(table.companyId, companyId), eq(table.dim, stored), within, when));
      };
      const dayRows = (range: Days, sign: 1 | -1) => keyed(channelRankDay, and(gte(channelRankDay.day, range.from), lte(channelRankDay.day, range.to))!, sign);
      const pieces = [
        ...(parts.months ? [keyed(channelRankMonth, and(gte(channelRankMonth.month, parts.months.from), lte(channelRankMonth.month, parts.months.to))!)] : []),
        ...parts.add.map((range) => dayRows(range, 1)),
        ...parts.subtract.map((range) => dayRows(range, -1)),
      ];
      const rows = await rankOf(pieces, order);
      return rows.map((r) => ({
        id: r.id,
        reported: Number(r.reported),
        arrived: Number(r.arrived),
        dealt: Number(r.dealt),
        deals: Number(r.deals),
        dealValueFen: Number(r.dealValueFen),
        commissionFen: Number(r.commissionFen),
      }));
    },

    /** Per auditor (and the company, id 0): reports of the period and their first-audit histogram. */
    async auditorHistograms(companyId: number, days: Days) {
      const rows = await db
        .select({ dim: channelTally.dim, id: channelTally.dimId, measure: channelTally.measure, n: sql<string>`sum(${channelTally.n})` })
        .from(channelTally)
        .where(
          and(
            eq(channelTally.companyId, companyId),
            inArray(channelTally.dim, ['auditor', 'company']),
            gte(channelTally.day, days.from),
            lte(channelTally.day, days.to),
            sql`(${channelTally.measure} = 'reported' or ${channelTally.measure} like 'fa%')`,
          ),
        )
        .groupBy(channelTally.dim, channelTally.dimId, channelTally.measure);
      return rows.map((r) => ({ dim: r.dim, id: r.id, measure: r.measure, n: Number(r.n) }));
    },

    /** A city of the company's name; null when it has none of that id. */
    async cityName(companyId: number, cityId: number): Promise<string | null> {
      const rows = await db
        .select({ name: city.name })
        .from(city)
        .where(and(eq(city.companyId, companyId), eq(city.id, cityId)))
        .limit(1);
      return rows[0]?.name ?? null;
    },

    /** The names of ranked keys (the company's only). */
    async names(companyId: number, dim: RankingDim | 'auditor', ids: readonly number[]): Promise<Map<number, { name: string; detail: string }>> {
      const out = new Map<number, { name: string; detail: string }>();
      if (ids.length === 0) return out;
      if (dim === 'distributor') {
        const rows = await db
          .select({ id: distributor.id, name: distributor.name })
          .from(distributor)
          .where(and(eq(distributor.companyId, companyId), inArray(distributor.id, [...ids])));
        for (const r of rows) out.set(r.id, { name: r.name, detail: '' });
      } else if (dim === 'house') {
        const rows = await db
          .select({ id: house.id, name: house.name })
          .from(house)
          .where(and(eq(house.companyId, companyId), inArray(house.id, [...ids])));
        for (const r of rows) out.set(r.id, { name: r.name, detail: '' });
      } else {
        const rows = await db
          .select({ id: user.id, name: user.name, phone: user.phone, shopName: user.shopName, distributorName: distributor.name })
          .from(user)
          .leftJoin(distributor, eq(distributor.id, user.distributorId))
          .where(and(eq(user.companyId, companyId), inArray(user.id, [...ids])));
        for (const r of rows) {
          if (dim === 'shop') out.set(r.id, { name: r.shopName || r.name, detail: r.distributorName ?? '' });
          else if (dim === 'reporter') out.set(r.id, { name: r.name, detail: r.shopName });
          else out.set(r.id, { name: r.name, detail: '' });
        }
      }
      return out;
    },

    /**
     * Folds the days (then the months) that have fresh rows into one row per key and measure
     * (insert-only writers never wait on it; a second fold at once skips the rows the first
     * removed, as foldTally). Up to `maxDays` days and as many months a call; answers how many
     * days and months it folded.
     */
    async fold(maxDays: number): Promise<number> {
      const due = await db
        .selectDistinct({ companyId: channelTally.companyId, day: channelTally.day })
        .from(channelTally)
        .where(sql`${channelTally.fresh}`)
        .limit(maxDays);
      for (const { companyId, day } of due) {
        await db.execute(sql`with gone as (
            delete from ${channelTally} where ${channelTally.companyId} = ${companyId} and ${channelTally.day} = ${day}
            returning dim, dim_id, distributor_id, shop_id, measure, n)
          insert into ${channelTally} (company_id, dim, dim_id, distributor_id, shop_id, day, measure, n, fresh)
          select ${companyId}::int, dim, dim_id, distributor_id, shop_id, ${day}::date, measure, sum(n)::bigint, false
          from gone group by dim, dim_id, distributor_id, shop_id, measure having sum(n) <> 0`);
      }
      // The rankings' rows the same writes added (the fold's own inserts are not fresh: they add none).
      let folded = due.length;
      for (const [table, column] of [
        [channelRankDay, 'day'],
        [channelRankMonth, 'month'],
      ] as const) {
        const at = column === 'day' ? channelRankDay.day : channelRankMonth.month;
        const rankDue = await db
          .selectDistinct({ companyId: table.companyId, at })
          .from(table)
          .where(sql`${table.fresh}`)
          .limit(maxDays);
        for (const row of rankDue) {
          await db.execute(sql`with gone as (
              delete from ${table} where ${table.companyId} = ${row.companyId} and ${at} = ${row.at}
              returning dim, dim_id, distributor_id, shop_id, reported, arrived, dealt, deals, deal_value, commission)
            insert into ${table} (company_id, dim, dim_id, distributor_id, shop_id, ${sql.raw(column)}, reported, arrived, dealt, deals, deal_value, commission, fresh)
            select ${row.companyId}::int, dim, dim_id, distributor_id, shop_id, ${row.at}::date,
              sum(reported), sum(arrived), sum(dealt), sum(deals), sum(deal_value), sum(commission), false
            from gone group by dim, dim_id, distributor_id, shop_id
            having sum(reported) <> 0 or sum(arrived) <> 0 or sum(dealt) <> 0 or sum(deals) <> 0 or sum(deal_value) <> 0 or sum(commission) <> 0`);
        }
        folded += rankDue.length;
      }
      return folded;
    },
  };
}

export type ChannelRepository = ReturnType<typeof createChannelRepository>;
