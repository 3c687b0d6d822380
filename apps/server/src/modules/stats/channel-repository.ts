import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ChannelDim, ChannelMeasure, RankingDim, RankingOrder } from '@baobei/shared/rules/channel-dashboard';
import type { Executor } from '../../db/client';
import { channelTally, city, distributor, house, user } from '../../db/schema';

/** Shanghai calendar days, both included. */
export interface Days {
  from: string;
  to: string;
}

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

const isIn = (column: SQL.Aliased | typeof channelTally.dimId | typeof channelTally.distributorId, ids: KeyIds): SQL =>
  typeof ids === 'number' ? eq(column as typeof channelTally.dimId, ids) : Array.isArray(ids) ? inArray(column as typeof channelTally.dimId, ids as number[]) : inArray(column as typeof channelTally.dimId, ids as SQL);

const sumOf = (measure: ChannelMeasure) => sql<string>`coalesce(sum(${channelTally.n}) filter (where ${channelTally.measure} = ${measure}), 0)`;

/** A ranking's order as SQL over the grouped sums; ties go to more reports, then the smaller id. */
function orderSql(order: RankingOrder): SQL {
  switch (order) {
    case 'reported':
      return sql`${sumOf('reported')} desc`;
    case 'arrivalRate':
      return sql`(${sumOf('arrived')})::float8 / nullif(${sumOf('reported')}, 0) desc nulls last`;
    // The ranking's 成交 is the cohort's, as its 报备 and 到访 (reports of the period that reached 成交).
    case 'deals':
      return sql`${sumOf('dealt')} desc`;
    case 'dealValue':
      return sql`${sumOf('deal_value')} desc`;
    case 'commission':
      return sql`${sumOf('commission')} desc`;
  }
}

/**
 * 数据驾驶舱's reads (docs/decisions/087): sums of channel_tally's rows, never a report. Each is
 * one grouped statement on one of the table's indexes (day_idx for every key of a dimension,
 * key_idx for some keys, owner_idx for a distributor's or a shop's keys).
 */
export function createChannelRepository(db: Executor) {
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

    /** The first RANKING_LIMIT keys of `dim` within `reach` over `days`, by `order`. */
    async ranking(companyId: number, dim: RankingDim | 'auditor', reach: RankingReach, days: Days, order: RankingOrder): Promise<RankingSums[]> {
      const stored: ChannelDim = dim === 'house' && reach.kind !== 'company' ? 'house_shop' : dim;
      const within =
        reach.kind === 'company'
          ? undefined
          : reach.kind === 'distributors'
            ? dim === 'distributor'
              ? isIn(channelTally.dimId, reach.ids)
              : isIn(channelTally.distributorId, reach.ids)
            : and(
                eq(channelTally.distributorId, reach.distributorId),
                dim === 'distributor' ? eq(channelTally.dimId, reach.distributorId) : dim === 'shop' ? eq(channelTally.dimId, reach.shopId) : eq(channelTally.shopId, reach.shopId),
              );
      const rows = await db
        .select({
          id: channelTally.dimId,
          reported: sumOf('reported'),
          arrived: sumOf('arrived'),
          dealt: sumOf('dealt'),
          deals: sumOf('deals'),
          dealValueFen: sumOf('deal_value'),
          commissionFen: sumOf('commission'),
        })
        .from(channelTally)
        .where(
          and(
            eq(channelTally.companyId, companyId),
            eq(channelTally.dim, stored),
            within,
            gte(channelTally.day, days.from),
            lte(channelTally.day, days.to),
            inArray(channelTally.measure, ['reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission']),
          ),
        )
        .groupBy(channelTally.dimId)
        .orderBy(orderSql(order), sql`${sumOf('reported')} desc`, asc(channelTally.dimId))
        .limit(RANKING_LIMIT);
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
     * Folds the days that have fresh rows into one row per key and measure (insert-only writers
     * never wait on it; a second fold at once skips the rows the first removed, as foldTally).
     * Up to `maxDays` (company, day) pairs a call; answers how many it folded.
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
      return due.length;
    },
  };
}

export type ChannelRepository = ReturnType<typeof createChannelRepository>;
