import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { CHANNEL_MEASURES, firstAuditBucket, type ChannelDim } from '@baobei/shared/rules/channel-dashboard';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import { DEAL_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { isReportExpired } from '@baobei/shared/rules/record-view';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { channelTally, recordDeal } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, insertReport, reportSubmitPayload, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { channelFoldJob } from './channel-jobs';

/**
 * 数据驾驶舱's kept counts (migration 0033, docs/decisions/087): channel_tally, kept by triggers on
 * record, record_deal, commission_payment and duplicate_refusal, must equal a count made afresh
 * from those tables, key by key, day by day and measure by measure, after every kind of write and
 * after the fold. The fresh count is written here in TypeScript from the shared rules (the
 * funnel's stages, the live deal statuses, 已过保护期, the first-audit buckets), not from the
 * migration's SQL, so the triggers are held to the rules.
 */
let t: TestApp;
let cid = 0;

interface ReportRow {
  id: number;
  company_id: number;
  created: number;
  status: RecordStatus;
  visit: number | null;
  expired: number | null;
  approval_result: string;
  operated: number | null;
  audited: number | null;
  house_id: number;
  city_id: number;
  reporter_id: number;
  distributor_id: number | null;
  shop_manager_id: number | null;
  auditor_id: number | null;
}

const at = (ms: number) => shanghaiDay(new Date(ms));

/** Every (company, dim, id, distributor, shop, day, measure) → n, from the tables themselves. */
async function freshCount(): Promise<Map<string, number>> {
  const db = t.database.db;
  const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
  const reports = await queryRows<ReportRow>(
    db,
    sql`select r.id, r.company_id, ${ms('r.created_at')} as created, r.status, ${ms('r.visit_time')} as visit, ${ms('r.protection_expired_at')} as expired,
      r.approval_result, ${ms('r.operate_at')} as operated, ${ms('r.audit_at')} as audited, r.house_id, h.city_id, r.reporter_id, r.distributor_id,
      r.shop_manager_id, r.auditor_id from record r join house h on h.id = r.house_id`,
  );
  const deals = await queryRows<{ id: number; record_id: number; signed_on: string; price: number; owed: number; settled: boolean }>(
    db,
    sql`select id, record_id, signed_on::text as signed_on, total_price_fen::float8 as price, coalesce(adjusted_commission_fen, commission_fen)::float8 as owed,
      settlement_state = 'SETTLED' as settled from record_deal`,
  );
  const payments = await queryRows<{ deal_id: number; paid_on: string; amount: number }>(
    db,
    sql`select deal_id, paid_on::text as paid_on, amount_fen::float8 as amount from commission_payment where reversed_at is null`,
  );
  const refusals = await queryRows<{ company_id: number; house_id: number; city_id: number; reporter_id: number; distributor_id: number | null; shop_manager_id: number | null; created: number }>(
    db,
    sql`select x.company_id, x.house_id, h.city_id, x.reporter_id, x.distributor_id, x.shop_manager_id, ${ms('x.created_at')} as created
      from duplicate_refusal x join house h on h.id = x.house_id`,
  );
  const dealOf = new Map(deals.map((d) => [d.record_id, d]));
  const reportOf = new Map(reports.map((r) => [r.id, r]));
  const reportOfDeal = new Map(deals.map((d) => [d.id, reportOf.get(d.record_id)!]));
  const counts = new Map<string, number>();

  type Keyed = { company_id: number; house_id: number; city_id: number; reporter_id: number; distributor_id: number | null; shop_manager_id: number | null; auditor_id: number | null };
  const keysOf = (r: Keyed): [ChannelDim, number, number, number][] => {
    const dist = r.distributor_id ?? 0;
    const shop = r.shop_manager_id ?? 0;
    const keys: [ChannelDim, number | null, number, number][] = [
      ['company', 0, 0, 0],
      ['city', r.city_id, 0, 0],
      ['house', r.house_id, 0, 0],
      ['auditor', r.auditor_id, 0, 0],
      ['distributor', r.distributor_id, dist, 0],
      ['shop', r.shop_manager_id, dist, shop],
      ['reporter', r.reporter_id, dist, shop],
      ['house_shop', r.house_id, dist, shop],
    ];
    return keys.filter((k): k is [ChannelDim, number, number, number] => k[1] !== null);
  };
  const add = (r: Keyed, day: string, measure: string, n: number, dims?: readonly ChannelDim[]) => {
    if (n === 0) return;
    for (const [dim, id, dist, shop] of keysOf(r)) {
      if (dims && !dims.includes(dim)) continue;
      const key = [r.company_id, dim, id, dist, shop, day, measure].join('|');
      counts.set(key, (counts.get(key) ?? 0) + n);
    }
  };

  const arrivedStatuses = statusesReaching('visited');
  const dealtStatuses = statusesReaching('deal');
  for (const r of reports) {
    const created = at(r.created);
    const deal = dealOf.get(r.id);
    const arrived = arrivedStatuses.includes(r.status);
    const dealt = dealtStatuses.includes(r.status);
    add(r, created, 'reported', 1);
    if (arrived) add(r, created, 'arrived', 1);
    if (dealt) add(r, created, 'dealt', 1);
    if (dealt && deal?.settled) add(r, created, 'settled', 1);
    if (arrived) add(r, at(r.visit ?? r.created), 'visits', 1);
    if (deal && DEAL_STATUSES.includes(r.status)) {
      add(r, deal.signed_on, 'deals', 1);
      add(r, deal.signed_on, 'deal_value', deal.price);
      add(r, deal.signed_on, 'commission', deal.owed);
    }
    if (isReportExpired(r.status, r.expired === null ? null : new Date(r.expired))) add(r, at(r.expired!), 'expired', 1);
    if (r.status === 'RECORDCLOSE' && r.approval_result === protectionModeMessages.closedByArrival) add(r, at(r.operated ?? r.created), 'visit_first', 1);
    if (r.audited !== null) add(r, created, `fa${firstAuditBucket((r.audited - r.created) / 1000)}`, 1, ['company', 'auditor']);
  }
  for (const p of payments) add(reportOfDeal.get(p.deal_id)!, p.paid_on, 'paid', p.amount);
  for (const x of refusals) add({ ...x, auditor_id: null }, at(x.created), 'refused', 1);
  for (const [key, n] of counts) if (n === 0) counts.delete(key);
  return counts;
}

/** channel_tally summed per key, day and measure. */
async function keptCount(): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; n: number }>(
    t.database.db,
    sql`select concat_ws('|', company_id, dim, dim_id, distributor_id, shop_id, day::text, measure) as key, sum(n)::float8 as n
      from ${channelTally} group by company_id, dim, dim_id, distributor_id, shop_id, day, measure having sum(n) <> 0`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

const RANKED = sql.raw(`('distributor', 'shop', 'reporter', 'house', 'house_shop')`);
const SIX = sql.raw(`('reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission')`);
const pivot = sql.raw(
  ['reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission'].map((m) => `coalesce(sum(n) filter (where measure = '${m}'), 0)`).join(` || '/' || `),
);
const wide = sql.raw(['reported', 'arrived', 'dealt', 'deals', 'deal_value', 'commission'].map((m) => `sum(${m})`).join(` || '/' || `));

/**
 * The rankings' wide rows (channel_rank_day, channel_rank_month) summed per key and day (month),
 * beside channel_tally's ranking measures of the ranked keys pivoted the same way.
 */
async function rankCounts() {
  const read = async (query: SQL) => Object.fromEntries((await queryRows<{ key: string; v: string }>(t.database.db, query)).map((r) => [r.key, r.v]).sort());
  const nonZero = (sum: SQL) => sql`having ${sum} <> '0/0/0/0/0/0'`;
  return {
    days: await read(sql`select concat_ws('|', company_id, dim, dim_id, distributor_id, shop_id, day::text) as key, ${wide} as v
      from channel_rank_day group by company_id, dim, dim_id, distributor_id, shop_id, day ${nonZero(wide)}`),
    daysFromTally: await read(sql`select concat_ws('|', company_id, dim, dim_id, distributor_id, shop_id, day::text) as key, ${pivot} as v
      from channel_tally where dim in ${RANKED} and measure in ${SIX} group by company_id, dim, dim_id, distributor_id, shop_id, day ${nonZero(pivot)}`),
    months: await read(sql`select concat_ws('|', company_id, dim, dim_id, distributor_id, shop_id, month::text) as key, ${wide} as v
      from channel_rank_month group by company_id, dim, dim_id, distributor_id, shop_id, month ${nonZero(wide)}`),
    monthsFromTally: await read(sql`select concat_ws('|', company_id, dim, dim_id, distributor_id, shop_id, date_trunc('month', day)::date::text) as key, ${pivot} as v
      from channel_tally where dim in ${RANKED} and measure in ${SIX}
      group by company_id, dim, dim_id, distributor_id, shop_id, date_trunc('month', day) ${nonZero(pivot)}`),
  };
}

async function expectEqual() {
  const [fresh, kept] = [await freshCount(), await keptCount()];
  expect(fresh.size).toBeGreaterThan(0);
  expect(Object.fromEntries([...kept].sort())).toEqual(Object.fromEntries([...fresh].sort()));
  // The rankings' wide rows hold the same as channel_tally, per day and per month.
  const ranks = await rankCounts();
  expect(Object.keys(ranks.days).length).toBeGreaterThan(0);
  expect(ranks.days).toEqual(ranks.daysFromTally);
  expect(ranks.months).toEqual(ranks.monthsFromTally);
}

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('channel_tally (migration 0033)', () => {
  it('equals a fresh count of the demo data, for every dimension and measure', async () => {
    await expectEqual();
    const kept = await keptCount();
    // Every dimension is there to compare, and the funnel's measures (the demo data has no deals: the next test makes them).
    const dims = new Set([...kept.keys()].map((k) => k.split('|')[1]));
    expect([...dims].sort()).toEqual(['auditor', 'city', 'company', 'distributor', 'house', 'house_shop', 'reporter', 'shop']);
    const measures = new Set([...kept.keys()].map((k) => k.split('|')[6]));
    for (const m of ['reported', 'arrived', 'dealt', 'visits']) expect(measures).toContain(m);
    for (const m of measures) expect(CHANNEL_MEASURES).toContain(m);
  });

  it('stays equal through submits, 撞单 refusals, audits, arrivals, expiry, 到访为王, reassignment, deals, payments, reversals and deletes', async () => {
    const db = t.database.db;
    const auditorA = await userIdOf(t, cid, DEMO_ACCOUNTS.auditor);
    const admin = await userIdOf(t, cid, DEMO_ACCOUNTS.auditorAdmin);
    const broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
    const [listing] = await activeListings(t, cid, 1);

    // A submit through the API, then the same customer again: refused (撞单), kept as a refusal.
    const payload = reportSubmitPayload([listing!.id], { name: '驾驶舱', phone: '16700001234' });
    expect((await t.postAs('/api/record/post-record-data', DEMO_ACCOUNTS.broker, payload)).statusCode).toBe(200);
    const refused = await t.postAs('/api/record/post-record-data', DEMO_ACCOUNTS.broker, payload);
    expect(refused.statusCode).toBe(409);
    const [refusal] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from duplicate_refusal where customer_phone_masked = '167****1234'`);
    expect(refusal!.n).toBe(1);
    await expectEqual();

    // Audited after 2 hours, arrived the next day; another expired; another closed by 到访为王.
    const hour = 3_600_000;
    const created = new Date(Date.now() - 30 * 24 * hour);
    const visited = await insertReport(t, cid, { status: 'RECORDSTART', reporterId: broker, auditorId: auditorA, createdAt: created });
    await db.execute(sql`update record set status = 'RECORDCOMPLETE', audit_at = ${new Date(created.getTime() + 2 * hour + 60_000)}, operate_at = now() where id = ${visited.id}`);
    await db.execute(sql`update record set status = 'VISIT', visit_time = ${new Date(created.getTime() + 26 * hour)} where id = ${visited.id}`);
    const expired = await insertReport(t, cid, { status: 'RECORDSTANDBY', reporterId: broker, auditorId: auditorA, createdAt: created });
    await db.execute(sql`update record set protection_expired_at = ${new Date(created.getTime() + 72 * hour)} where id = ${expired.id}`);
    const closed = await insertReport(t, cid, { status: 'RECORDSTART', reporterId: broker, auditorId: auditorA });
    await db.execute(sql`update record set status = 'RECORDCLOSE', approval_result = ${protectionModeMessages.closedByArrival}, operate_at = now() where id = ${closed.id}`);
    // Reassigned to the auditor admin: its figures move with it.
    await db.execute(sql`update record set auditor_id = ${admin} where id = ${expired.id}`);
    await expectEqual();

    // A deal: recorded, adjusted, paid in part, paid in full (settled), a payment reversed, re-signed on another day.
    await db.execute(sql`update record set status = 'MAKEBARGAIN' where id = ${visited.id}`);
    const [deal] = await db
      .insert(recordDeal)
      .values({
        recordId: visited.id,
        companyId: cid,
        building: '1栋',
        room: '801',
        floorArea: 88,
        totalPriceFen: 150_000_000,
        signedOn: shanghaiDay(new Date()),
        contractPicture: '/uploads/contract.png',
        propertyType: 'RESIDENCE',
        baseFen: 3_000_000,
        incentiveFen: 0,
        commissionFen: 3_000_000,
        createdBy: admin,
      })
      .returning({ id: recordDeal.id });
    await db.execute(sql`update record_deal set adjusted_commission_fen = 2000000 where id = ${deal!.id}`);
    await db.execute(sql`insert into commission_payment (deal_id, company_id, amount_fen, paid_on, created_by) values (${deal!.id}, ${cid}, 500000, '2026-01-05', ${admin})`);
    await db.execute(sql`insert into commission_payment (deal_id, company_id, amount_fen, paid_on, created_by) values (${deal!.id}, ${cid}, 1500000, '2026-01-06', ${admin})`);
    await db.execute(sql`update record_deal set paid_fen = 2000000, settlement_state = 'SETTLED' where id = ${deal!.id}`);
    await expectEqual();
    await db.execute(sql`update commission_payment set reversed_at = now() where deal_id = ${deal!.id} and amount_fen = 500000`);
    await db.execute(sql`update record_deal set paid_fen = 1500000, settlement_state = 'PARTIAL', signed_on = '2025-12-31' where id = ${deal!.id}`);
    await expectEqual();
    // Confirmed, then the deal closed: no longer a live deal, still reached 成交.
    await db.execute(sql`update record set status = 'MAKEBARGAINCOMPLETE' where id = ${visited.id}`);
    await expectEqual();
    await db.execute(sql`update record set status = 'MAKEBARGAINCLOSE' where id = ${visited.id}`);
    await expectEqual();
    // Deleted: the payments, the deal, the report.
    await db.execute(sql`delete from commission_payment where deal_id = ${deal!.id}`);
    await db.execute(sql`delete from record_deal where id = ${deal!.id}`);
    await db.execute(sql`delete from record where id = ${closed.id}`);
    await expectEqual();
  });

  it('folds every day with fresh rows into one row per key and measure, and still equals the fresh count', async () => {
    const fresh = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select (select count(*) from channel_tally where fresh) + (select count(*) from channel_rank_day where fresh) + (select count(*) from channel_rank_month where fresh) as n`,
        )
      )[0]!.n;
    expect(Number(await fresh())).toBeGreaterThan(0);
    const run = await channelFoldJob(t.database.db, { budgetMs: 60_000 }).fold();
    expect(run.ran).toBe(true);
    expect(Number(await fresh())).toBe(0);
    const [dupes] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from (select 1 from channel_tally group by company_id, dim, dim_id, distributor_id, shop_id, day, measure having count(*) > 1) x`,
    );
    expect(dupes!.n).toBe(0);
    const [rankDupes] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from (select 1 from channel_rank_day group by company_id, dim, dim_id, distributor_id, shop_id, day having count(*) > 1) a)
        + (select count(*) from (select 1 from channel_rank_month group by company_id, dim, dim_id, distributor_id, shop_id, month having count(*) > 1) b) as n`,
    );
    expect(Number(rankDupes!.n)).toBe(0);
    await expectEqual();
  });

  it('is rebuilt from the tables by channel_tally_rebuild, equal to what the triggers kept', async () => {
    const before = await keptCount();
    const ranksBefore = await rankCounts();
    await t.database.db.execute(sql`select channel_tally_rebuild(${cid})`);
    expect(Object.fromEntries([...(await keptCount())].sort())).toEqual(Object.fromEntries([...before].sort()));
    expect(await rankCounts()).toEqual(ranksBefore);
  });
});
