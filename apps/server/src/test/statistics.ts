import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { TestApp } from './test-app';

/**
 * A company's statistics as the app keeps them (docs/decisions/041, 087): the report tallies'
 * sums per scope and status, the per-day ones, 数据驾驶舱's channel_tally per key, day and measure,
 * and how many tally rows there are (the triggers only insert: a write that fires none adds none).
 * `rebuild`: channel_tally rebuilt from the tables first (channel_tally_rebuild), a fresh count.
 */
export async function keptStatistics(t: TestApp, companyId: number, options: { rebuild?: boolean } = {}) {
  const db = t.database.db;
  if (options.rebuild) await db.execute(sql`select channel_tally_rebuild(${companyId})`);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
  const tally = await rows<{ key: string; n: number }>(
    sql`select scope || ' ' || scope_id || ' ' || status as key, sum(n)::int as n from record_tally where company_id = ${companyId}
      group by scope, scope_id, status having sum(n) <> 0 order by 1`,
  );
  const dayTally = await rows<{ key: string; n: number }>(
    sql`select scope || ' ' || scope_id || ' ' || day || ' ' || status as key, sum(n)::int as n from record_day_tally where company_id = ${companyId}
      group by scope, scope_id, day, status having sum(n) <> 0 order by 1`,
  );
  const channel = await rows<{ key: string; n: string }>(
    sql`select dim || ' ' || dim_id || ' ' || coalesce(distributor_id, 0) || ' ' || coalesce(shop_id, 0) || ' ' || day || ' ' || measure as key, sum(n)::text as n
      from channel_tally where company_id = ${companyId} group by dim, dim_id, distributor_id, shop_id, day, measure having sum(n) <> 0 order by 1`,
  );
  const [count] = await rows<{ n: number }>(
    sql`select ((select count(*) from record_tally) + (select count(*) from record_day_tally) + (select count(*) from channel_tally))::int as n`,
  );
  const companyTally = Object.fromEntries(tally.filter((r) => r.key.startsWith('company 0 ')).map((r) => [r.key.split(' ')[2]!, r.n]));
  return {
    tally: Object.fromEntries(tally.map((r) => [r.key, r.n])),
    dayTally: Object.fromEntries(dayTally.map((r) => [r.key, r.n])),
    channel: Object.fromEntries(channel.map((r) => [r.key, r.n])),
    companyTally,
    tallyRows: count!.n,
  };
}

/** The same company's figures counted afresh from the tables: reports per status, deals, their value and commission, payments. */
export async function freshStatistics(t: TestApp, companyId: number) {
  const db = t.database.db;
  const byStatus = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from record where company_id = ${companyId} group by status order by status`,
  );
  const [deals] = await queryRows<{ deals: number; price: string; commission: string; paid: string; payments: number }>(
    db,
    sql`select count(*)::int as deals, coalesce(sum(total_price_fen), 0)::text as price,
      coalesce(sum(coalesce(adjusted_commission_fen, commission_fen)), 0)::text as commission, coalesce(sum(paid_fen), 0)::text as paid,
      (select count(*)::int from commission_payment where company_id = ${companyId}) as payments
      from record_deal where company_id = ${companyId}`,
  );
  return { byStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])), deals };
}
