/**
 * `npx tsx apps/server/src/bench/deal-plans.bench.ts` (docs/decisions/055): the plans and times of
 * the deal queries of the statistics, the overview, the console's report table and the export,
 * at scale. On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) a scratch database (dropped
 * at the end), else PGlite: the scale bench's data (scale-data.ts: the company of 127.0.0.1 grown
 * to BENCH_REPORTS reports, default 100,000, with a deal for each report that reached 成交), then a
 * deal for every BENCH_DEAL_EVERY-th report without one (default 10: about 10,000 deals), signed on
 * its report's day, two thirds paid (a payment row each); ANALYZE; then each query as
 * the app sends it (captured from the repositories through drizzle's logger) run with
 * EXPLAIN ANALYZE, its plan and execution time printed.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { presetRange } from '@baobei/shared/rules/date-presets';
import { rangeDays } from '@baobei/shared/rules/statistics';
import { recordScope, type Viewer } from '../access/scopes';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { createAdminExportRepository } from '../modules/admin/admin-export-repository';
import { adminRecordWhere } from '../modules/admin/admin-record-repository';
import { createAdminRecordRepository } from '../modules/admin/admin-record-repository';
import { createStatsRepository } from '../modules/stats/stats-repository';
import { executionMs, print, withPglite, withScratchPostgres, type Raw } from './bench-support';
import { buildScale } from './scale-data';

const SCALE = {
  reports: Number(process.env.BENCH_REPORTS ?? 100_000),
  listings: Number(process.env.BENCH_LISTINGS ?? 1_000),
  users: Number(process.env.BENCH_USERS ?? 1_000),
};
const EVERY = Number(process.env.BENCH_DEAL_EVERY ?? 10);

async function bench(database: Database, raw: Raw, client: unknown, kind: string) {
  print(`\n=== ${kind}: ${SCALE.reports.toLocaleString('en-US')} reports, a deal every ${EVERY}`);
  await database.migrate();
  const companyId = await buildScale(database.db, raw, SCALE, print);
  await raw(
    `insert into record_deal (record_id, company_id, building, room, floor_area, total_price_fen, signed_on, contract_picture, property_type,
       base_fen, incentive_fen, commission_fen, paid_fen, settlement_state, created_by)
     select r.id, r.company_id, '1栋', '101', 90, 200000000 + r.id, (r.created_at at time zone 'Asia/Shanghai')::date, '/uploads/x.png', 'RESIDENCE',
       6000000, 0, 6000000, case when r.id % 3 = 0 then 6000000 when r.id % 3 = 1 then 2000000 else 0 end,
       case when r.id % 3 = 0 then 'SETTLED' when r.id % 3 = 1 then 'PARTIAL' else 'PENDING' end, r.reporter_id
     from record r where r.id % ${EVERY} = 0 and not exists (select 1 from record_deal d where d.record_id = r.id)`,
  );
  await raw(
    `insert into commission_payment (deal_id, company_id, amount_fen, paid_on, reference, created_by)
     select id, company_id, paid_fen, signed_on, 'bench', created_by from record_deal d
     where paid_fen > 0 and not exists (select 1 from commission_payment p where p.deal_id = d.id)`,
  );
  await raw('analyze');
  const [deals] = await raw('select count(*)::int as n from record_deal');
  print(`deals: ${String(deals?.n)}`);
  const [manager] = await raw(
    `select u.id, u.distributor_id as "distributorId", u.role, u.distributor_control as "distributorControl", u.company_id as "companyId", count(*)::int as n
     from "user" u join record r on r.shop_manager_id = u.id where u.company_id = $1 and u.role = 'DIANZHANG' and not u.distributor_control
     group by u.id order by n desc limit 1`,
    [companyId],
  );
  const viewer = manager as unknown as Viewer;

  const log: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void log.push({ sql, params }) };
  const logged = (kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Client, { schema, logger })) as unknown as Db;
  const stats = createStatsRepository(logged);
  const admin = createAdminRecordRepository(logged);
  const exports = createAdminExportRepository(logged);
  const now = new Date();
  const month = rangeDays(presetRange(4, now)!);
  const cases: [string, () => Promise<unknown>][] = [
    ['overview 本月 (company)', () => stats.dealSums(companyId, month)],
    ['overview 不限 (company)', () => stats.dealSums(companyId, null)],
    [`statistics 本月 (shop manager, ${String(manager?.n)} reports)`, () => stats.dealSums(companyId, month, recordScope(viewer, 'company'))],
    ['statistics 不限 (shop manager)', () => stats.dealSums(companyId, null, recordScope(viewer, 'company'))],
    ['report table page 1 + deal join', () => admin.list({ status: '' } as never, companyId, { limit: 20, offset: 0 }, now)],
    ['report table 成交 page 1 + deal join', () => admin.list({ status: 'MAKEBARGAIN' } as never, companyId, { limit: 20, offset: 0 }, now)],
    // 保护期 (issue 28, item 4): each state, page 1 and its count (a filter record_tally cannot count).
    ...(['PROTECTED', 'EXPIRING', 'EXPIRED'] as const).map((protection): [string, () => Promise<unknown>] => [
      `report table 保护期 ${protection} page 1 + count`,
      () => Promise.all([admin.list({ status: '', protection, stage: '' }, companyId, { limit: 20, offset: 0 }, now), admin.count({ status: '', protection, stage: '' }, companyId, now)]),
    ]),
    ['export batch (2,000) + deal join', () => exports.recordBatch(adminRecordWhere({ status: '' } as never, companyId, now), null)],
    ['payments export 本月: count and first batch', async () => {
      const counted = await exports.countPayments(companyId, month);
      for await (const batch of exports.payments(companyId, month, counted.maxId)) return batch;
      return [];
    }],
    ['payments export 不限: count and first batch', async () => {
      const counted = await exports.countPayments(companyId, null);
      for await (const batch of exports.payments(companyId, null, counted.maxId)) return batch;
      return [];
    }],
  ];
  for (const [name, work] of cases) {
    log.length = 0;
    await work();
    for (const q of log) {
      const plan = (await raw(`explain (analyze, costs off, timing on) ${q.sql}`, q.params)).map((r) => String(Object.values(r)[0]));
      print(`\n--- ${name}: ${executionMs(plan).toFixed(2)} ms`);
      print(plan.filter((l) => !/^\s*(Planning|Execution) Time/.test(l)).join('\n'));
    }
  }
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) await withScratchPostgres(url, 'baobei_bench_deals', (database, raw, client) => bench(database, raw, client, 'postgres'));
else await withPglite((database, raw, lite) => bench(database, raw, lite, 'pglite'));
