import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { isAssignedAuditor, isBroker, isShopManager, shopManagerOfReporter } from '@baobei/shared/rules/access';
import { customRange, presetRange } from '@baobei/shared/rules/date-presets';
import { RECORD_STATUSES } from '@baobei/shared/rules/record-status';
import { searchesEnteredPhone } from '@baobei/shared/rules/report-phone';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { AdminRecordFilter } from '@baobei/shared/schemas/admin-record';
import { NO_HOUSE_FILTERS, type HouseListFilters } from '@baobei/shared/schemas/house';
import type { ScopeKind, Viewer } from '../access/scopes';
import { queryRows, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { distributor, house, user } from '../db/schema';
import { createAdminRecordRepository } from '../modules/admin/admin-record-repository';
import { createCustomerRepository } from '../modules/customer/customer-repository';
import { createFavoriteRepository } from '../modules/house/favorite-repository';
import { createHouseRepository } from '../modules/house/house-repository';
import { createRecordTrackingRepository, type ExternalFilter, type RecordFilters } from '../modules/record/record-tracking-repository';
import { createVisitReminderRepository } from '../modules/record/visit-reminder-repository';
import { DEMO_ACCOUNTS } from './accounts';
import { openTestDatabase } from './test-database';

/**
 * The plans of the lists (docs/decisions/016): with enough rows that the planner would read a
 * whole table if no index fitted (25,000 reports, 3,000 listings, 20,000 customers, vacuumed
 * and analysed as autovacuum leaves them), every list query the API runs (each viewer's report
 * page 1 and tab counts, a cursor page, a keyword, a date range; the house list and its count,
 * a cursor page and a keyword; the customer lists; favourites) is planned without a sequential
 * scan of record, customer or house, on PostgreSQL and on PGlite alike.
 */
const REPORTS = 25_000;
const OTHER_COMPANY_REPORTS = 5_000;
const LISTINGS = 3_000;
const CUSTOMERS = 20_000;
/** Searched tables that must never be read whole. */
const GUARDED = new Set(['record', 'customer', 'house']);

let database: Database;
let cid: number;
let logged: Db;
const log: { sql: string; params: unknown[] }[] = [];
let explain: (q: { sql: string; params: unknown[] }) => Promise<PlanNode>;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** `Seq Scan on record` for every whole-table read of a guarded table in the plan. */
function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && GUARDED.has(node['Relation Name'] ?? '')) out.push(`Seq Scan on ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

function describePlan(node: PlanNode, depth = 0): string {
  const self = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  return [self, ...(node.Plans ?? []).map((c) => describePlan(c, depth + 1))].join('\n');
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The indexes and tables a plan reads. */
function readsOf(node: PlanNode, out: string[] = []): string[] {
  if (node['Index Name']) out.push(node['Index Name']);
  if (node['Relation Name']) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) readsOf(child, out);
  return out;
}

/**
 * Runs `work` and asserts that each query it sent plans without a sequential scan of a guarded
 * table; `uses`: an index or table that some query of them must read.
 */
async function expectIndexed(name: string, work: () => Promise<unknown>, uses?: string): Promise<PlanNode[]> {
  log.length = 0;
  await work();
  expect(log.length, name).toBeGreaterThan(0);
  const plans: PlanNode[] = [];
  for (const q of log.splice(0)) {
    const plan = await explain(q);
    expect(seqScans(plan), `${name}\n${q.sql}\n${describePlan(plan)}`).toEqual([]);
    plans.push(plan);
  }
  if (uses) expect(plans.flatMap((p) => readsOf(p)), `${name}\n${plans.map((p) => describePlan(p)).join('\n')}`).toContain(uses);
  return plans;
}

const pgArray = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

async function viewerOf(phone: string, companyId = cid): Promise<Viewer> {
  const [row] = await database.db
    .select({ id: user.id, companyId: user.companyId, role: user.role, distributorId: user.distributorId, distributorControl: user.distributorControl })
    .from(user)
    .where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  if (!row) throw new Error(`no account ${phone}`);
  return row;
}

/** `count` reports of a company over three years, from its reporters to its auditors and listings, in one statement. */
async function fillReports(companyId: number, count: number, houseIds: readonly number[]): Promise<void> {
  const staff = await database.db
    .select({ id: user.id, role: user.role, distributorId: user.distributorId, managerId: user.managerId, channel: distributor.channelUserId })
    .from(user)
    .leftJoin(distributor, eq(distributor.id, user.distributorId))
    .where(eq(user.companyId, companyId));
  const reporters = staff.filter((u) => u.distributorId !== null && (isBroker(u.role) || isShopManager(u.role)));
  const auditors = staff.filter((u) => isAssignedAuditor(u.role)).map((u) => u.id);
  // A bulk load: the lists' tally (migration 0014) and 数据驾驶舱's (0033) are built once after
  // it, as the bench does, not a row at a time by their triggers (most of the load's time).
  await database.db.execute(sql`alter table record disable trigger record_tally_insert`);
  await database.db.execute(sql`alter table record disable trigger channel_tally_record_insert`);
  await database.db.execute(sql`
    insert into record (company_id, house_id, customer_name, customer_sex, customer_phone, customer_phone_masked, reporter_id,
      distributor_id, shop_manager_id, channel_user_id, auditor_id, estimated_visit_time, status, protect_until, submission_id, created_at)
    select ${companyId}, h.ids[1 + (g * 7) % array_length(h.ids, 1)],
      (array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','林','罗','高'])[1 + (g * 7) % 20]
        || (array['建国','伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀兰','霞','平','刚','桂英','海燕','志强','晓东','春梅','国栋','小红','文静'])[1 + (g * 11) % 31],
      g % 2, x.phone, left(x.phone, 3) || '****' || right(x.phone, 4),
      r.ids[1 + g % array_length(r.ids, 1)], r.dist[1 + g % array_length(r.ids, 1)], r.shop[1 + g % array_length(r.ids, 1)],
      r.chan[1 + g % array_length(r.ids, 1)], a.ids[1 + (g % 5) % array_length(a.ids, 1)],
      x.at + interval '1 day', (${`{${RECORD_STATUSES.join(',')}}`}::text[])[1 + g % ${RECORD_STATUSES.length}],
      x.at + interval '7 days', 'plan-' || ${companyId} || '-' || g, x.at
    from generate_series(1, ${count}) g
    cross join (select ${pgArray(houseIds)}::int[] as ids) h
    cross join (select ${pgArray(reporters.map((u) => u.id))}::int[] as ids, ${pgArray(reporters.map((u) => u.distributorId))}::int[] as dist,
      ${pgArray(reporters.map((u) => shopManagerOfReporter(u)))}::int[] as shop, ${pgArray(reporters.map((u) => u.channel))}::int[] as chan) r
    cross join (select ${pgArray(auditors)}::int[] as ids) a
    cross join lateral (select '1' || (3 + g % 7)::text || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0') as phone,
      now() - ((g * 37) % 1095) * interval '1 day' - ((g * 13) % 86400) * interval '1 second' as at) x`);
  await database.db.execute(sql`alter table record enable trigger record_tally_insert`);
  await database.db.execute(sql`alter table record enable trigger channel_tally_record_insert`);
  await database.db.execute(sql`select record_tally_rebuild(${companyId})`);
  await database.db.execute(sql`select channel_tally_rebuild(${companyId})`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const [local] = await queryRows<{ id: number }>(db, sql`select company_id as id from company_host where host = 'localhost'`);
  const [second] = await queryRows<{ id: number }>(db, sql`select company_id as id from company_host where host = '127.0.0.1'`);
  cid = local!.id;
  // Listings: a third MASKED, a tenth taken off the shelves, one in 500 named for the keyword.
  const [template] = await db.select({ id: house.id }).from(house).where(eq(house.companyId, cid)).limit(1);
  await db.execute(sql`insert into house (company_id, city_id, name, building_address, sort, rule_tel, active)
    select company_id, city_id, case when g % 500 = 0 then '椰风海岸' || g else '分页楼盘' || g end, '海口市龙华区滨海大道' || g || '号',
      g % 100, case when g % 3 = 0 then 'MASKED' else 'FULL' end, g % 10 <> 0
    from house, generate_series(1, ${LISTINGS}) g where house.id = ${template!.id}`);
  const listings = async (companyId: number) =>
    (await db.select({ id: house.id }).from(house).where(and(eq(house.companyId, companyId), eq(house.active, true)))).map((h) => h.id);
  await fillReports(cid, REPORTS, await listings(cid));
  await fillReports(second!.id, OTHER_COMPANY_REPORTS, await listings(second!.id));
  // Customers: most of them of the second company, the rest spread over the first one's staff.
  await db.execute(sql`insert into customer (company_id, owner_id, distributor_id, name, phone, anchor)
    select u.company_id, u.id, u.distributor_id, '客户' || g, '139' || lpad(g::text, 8, '0'), 'K'
    from generate_series(1, ${CUSTOMERS}) g
    cross join lateral (select * from "user" where distributor_id is not null and (g % 4 = 0) = (company_id = ${cid})
      order by id offset g % 5 limit 1) u`);
  const broker = await viewerOf(DEMO_ACCOUNTS.broker);
  await db.execute(sql`insert into favorite (user_id, house_id, created_at)
    select ${broker.id}, id, now() - id * interval '1 minute' from house where company_id = ${cid} and active order by id limit 40
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze`);

  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logger = { logQuery: (text: string, params: unknown[]) => void log.push({ sql: text, params }) };
  logged = (database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  // Both drivers answer a parameterised query with `{ rows }`.
  const query = (client as unknown as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }).query.bind(client);
  explain = async (q) => {
    const result = await query(`explain (format json) ${q.sql}`, q.params);
    const cell = Object.values(result.rows[0]!)[0];
    return ((typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[])[0]!.Plan;
  };
  // The bulk load takes 30-85 s on PGlite alone, by the machine; beside the journeys and the
  // PostgreSQL lane on two cores it took 120 s on one machine and over 300 s on a slower one.
}, 600_000);
afterAll(async () => {
  await database?.close();
});

describe('report lists', () => {
  const viewers: [string, string, ScopeKind][] = [
    ['YUEWUYUAN 我的订单', DEMO_ACCOUNTS.broker, 'own'],
    ['DIANZHANG 我的订单', DEMO_ACCOUNTS.manager, 'own'],
    ['DIANZHANG 公司订单 (shop)', DEMO_ACCOUNTS.manager, 'company'],
    ['总账号 公司订单 (distributor)', DEMO_ACCOUNTS.general, 'company'],
    ['CHANNEL', DEMO_ACCOUNTS.channel, 'own'],
    ['CHANNELJINGLI', DEMO_ACCOUNTS.channelManager, 'own'],
    ['AUDITOR', DEMO_ACCOUNTS.auditor, 'own'],
    ['AUDITORADMIN', DEMO_ACCOUNTS.auditorAdmin, 'own'],
  ];

  it.each(viewers)('%s: page 1 and its tab counts, a cursor page, a keyword, a date range', async (name, phone, kind) => {
    const viewer = await viewerOf(phone);
    const tracking = createRecordTrackingRepository(logged);
    const hiddenPhones = !searchesEnteredPhone(viewer.role);
    const none: RecordFilters = { keyword: '', range: null, reporterId: 0, hiddenPhones };
    const months3 = presetRange(6, new Date())!;
    const range = customRange(shanghaiDay(months3.start), shanghaiDay(new Date(months3.end.getTime() - 1)));
    const page1 = { limit: 8, offset: 0 };

    await expectIndexed(`${name} page 1`, () => Promise.all([tracking.list(viewer, kind, none, '', page1), tracking.countByStatus(viewer, kind, none)]));
    // The tabs of the unfiltered list: record_tally only, never the reports (migration 0014, docs/decisions/041).
    const [tabs] = await expectIndexed(`${name} tab counts`, () => tracking.countByStatus(viewer, kind, none), 'record_tally_scope_idx');
    expect(readsOf(tabs!), `${name} tab counts\n${describePlan(tabs!)}`).not.toContain('record');
    // The cursor the web holds at page 50.
    const deep = await createRecordTrackingRepository(database.db).list(viewer, kind, none, '', { limit: 8, offset: 392 });
    expect(deep.length, `${name} has 50 pages`).toBe(8);
    const after = [deep[7]!.cursorAt, deep[7]!.id] as [string, number];
    await expectIndexed(`${name} cursor page`, () => tracking.list(viewer, kind, none, '', { limit: 8, offset: 0, after }));
    await expectIndexed(`${name} cursor page of one tab`, () => tracking.list(viewer, kind, none, 'RECORDCLOSE', { limit: 8, offset: 0, after }));
    for (const keyword of ['王建国', '7919', '椰风海岸']) {
      const filters = { ...none, keyword };
      await expectIndexed(`${name} keyword ${keyword}`, () => Promise.all([tracking.list(viewer, kind, filters, '', page1), tracking.countByStatus(viewer, kind, filters)]));
      await expectIndexed(`${name} keyword ${keyword}, cursor page`, () => tracking.list(viewer, kind, filters, '', { limit: 8, offset: 0, after }));
    }
    const dated = { ...none, range };
    await expectIndexed(`${name} 近3个月`, () => Promise.all([tracking.list(viewer, kind, dated, '', page1), tracking.countByStatus(viewer, kind, dated)]));
  });
});

describe('待到访 and the 案场 list (docs/decisions/089)', () => {
  const reporterSide: [string, string, ScopeKind, string][] = [
    ['YUEWUYUAN 我的订单', DEMO_ACCOUNTS.broker, 'own', 'record_reporter_waiting_idx'],
    ['DIANZHANG 我的订单', DEMO_ACCOUNTS.manager, 'own', 'record_reporter_waiting_idx'],
    ['DIANZHANG 公司订单 (shop)', DEMO_ACCOUNTS.manager, 'company', 'record_shop_manager_waiting_idx'],
    ['总账号 公司订单 (distributor)', DEMO_ACCOUNTS.general, 'company', 'record_distributor_waiting_idx'],
  ];

  it.each(reporterSide)('%s 待到访: page 1 on its scope’s waiting index, its tab counts, a cursor page, a keyword', async (name, phone, kind, index) => {
    const viewer = await viewerOf(phone);
    const tracking = createRecordTrackingRepository(logged);
    const view: RecordFilters = { keyword: '', range: null, reporterId: 0, hiddenPhones: false, awaitingVisit: true };
    const page1 = { limit: 8, offset: 0 };
    const [first] = await expectIndexed(`${name} 待到访 page 1`, () => tracking.list(viewer, kind, view, '', page1), index);
    expect(nodes(first!).filter((n) => n['Node Type'].includes('Sort')), `${name}\n${describePlan(first!)}`).toEqual([]);
    await expectIndexed(`${name} 待到访 tab counts`, () => tracking.countByStatus(viewer, kind, view));
    const deep = await createRecordTrackingRepository(database.db).list(viewer, kind, view, '', { limit: 8, offset: 40 });
    expect(deep.length, `${name} has 6 pages waiting`).toBe(8);
    const after = [deep[7]!.cursorAt, deep[7]!.id] as [string, number];
    await expectIndexed(`${name} 待到访 cursor page`, () => tracking.list(viewer, kind, view, '', { limit: 8, offset: 0, after }), index);
    await expectIndexed(`${name} 待到访 keyword`, () => tracking.list(viewer, kind, { ...view, keyword: '王建国' }, '', page1));
  });

  it('the 案场 list: a name, a phone tail and a day, each tab and the counts, on the listing’s index', async () => {
    const [busiest] = await queryRows<{ houseId: number; day: string }>(
      database.db,
      sql`select house_id as "houseId", to_char(max(estimated_visit_time) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
          from record where company_id = ${cid} and status = 'RECORDCOMPLETE' group by house_id order by count(*) desc limit 1`,
    );
    const tracking = createRecordTrackingRepository(logged);
    const day = customRange(busiest!.day, busiest!.day);
    const searches: [string, ExternalFilter][] = [
      ['name', { search: { kind: 'name', name: '王' }, visitDay: null }],
      ['tail', { search: { kind: 'tail', tail: '7919' }, visitDay: null }],
      ['day', { search: { kind: 'none' }, visitDay: day }],
      ['name and day', { search: { kind: 'name', name: '建国' }, visitDay: day }],
    ];
    for (const [label, filter] of searches) {
      await expectIndexed(`案场 waiting ${label}`, () => tracking.externalList(cid, busiest!.houseId, ['RECORDCOMPLETE'], filter, { limit: 10, offset: 0 }), 'record_house_status_visit_idx');
      await expectIndexed(`案场 checked ${label}`, () => tracking.externalList(cid, busiest!.houseId, ['VISIT', 'MAKEBARGAIN'], filter, { limit: 10, offset: 0 }));
      await expectIndexed(`案场 counts ${label}`, () => tracking.externalCounts(cid, busiest!.houseId, ['VISIT', 'MAKEBARGAIN'], filter), 'record_house_status_visit_idx');
    }
  });

  it('到访提醒’s due query reads its partial index over the window ahead', async () => {
    const reminders = createVisitReminderRepository(logged);
    // A day's range of the index at most (the longest lead); the planner may sort what it finds there.
    await expectIndexed('到访提醒 due', () => reminders.due(new Date(), 200, null), 'record_visit_reminder_due_idx');
    await expectIndexed('到访提醒 due, after a cursor', () => reminders.due(new Date(), 200, { key: new Date().toISOString(), id: 1 }), 'record_visit_reminder_due_idx');
  });
});

describe('house list', () => {
  const filters = (keyword = ''): HouseListFilters => ({ ...NO_HOUSE_FILTERS, keyword });

  it('page 1 and its count, a cursor page, a keyword', async () => {
    const houses = createHouseRepository(logged);
    await expectIndexed('house list page 1', () => Promise.all([houses.listPage(cid, filters(), { limit: 8, offset: 0 }), houses.countList(cid, filters())]));
    const deep = await createHouseRepository(database.db).listPage(cid, filters(), { limit: 20, offset: 980 });
    const after = [deep[19]!.sort, deep[19]!.id] as [number, number];
    await expectIndexed('house list cursor page', () => houses.listPage(cid, filters(), { limit: 8, offset: 0, after }));
    await expectIndexed('house select screen cursor page', () => houses.listPage(cid, filters(), { limit: 20, offset: 0, after }));
    for (const keyword of ['椰风海岸', '大道2999号']) {
      await expectIndexed(`house list keyword ${keyword}`, () =>
        Promise.all([houses.listPage(cid, filters(keyword), { limit: 8, offset: 0 }), houses.countList(cid, filters(keyword))]),
      );
      await expectIndexed(`house list keyword ${keyword}, cursor page`, () => houses.listPage(cid, filters(keyword), { limit: 8, offset: 0, after }));
    }
    // One or two characters have no trigram: the count reads house_grams_idx (migration 0014, docs/decisions/041).
    for (const keyword of ['椰风', '椰']) {
      await expectIndexed(`house list count, keyword ${keyword}`, () => houses.countList(cid, filters(keyword)), 'house_grams_idx');
      await expectIndexed(`house list keyword ${keyword}`, () => houses.listPage(cid, filters(keyword), { limit: 8, offset: 0 }));
    }
  });

  it('by what they pay: the candidates with their policies, and a page by ids (decision 090)', async () => {
    const houses = createHouseRepository(logged);
    await expectIndexed('house list by commission', () => houses.commissionCandidates(cid, { ...filters(), order: 'COMMISSION' }, 'RESIDENCE', 'Asia/Shanghai'));
    await expectIndexed('house list by commission, keyword', () => houses.commissionCandidates(cid, { ...filters('椰风海岸'), highCommission: '1' }, 'RESIDENCE', 'Asia/Shanghai'));
    const ids = (await createHouseRepository(database.db).listPage(cid, filters(), { limit: 8, offset: 40 })).map((r) => r.id);
    await expectIndexed('house list page by ids', () => houses.listByIds(cid, ids));
  });
});

describe('customers and favourites', () => {
  it('the customer lists: one owner’s with and without a keyword, a shop’s and a distributor’s', async () => {
    const customers = createCustomerRepository(logged);
    const broker = await viewerOf(DEMO_ACCOUNTS.broker);
    await expectIndexed('own customers', () => customers.listOwn(cid, broker.id, ''));
    await expectIndexed('own customers, keyword', () => customers.listOwn(cid, broker.id, '1390'));
    for (const phone of [DEMO_ACCOUNTS.manager, DEMO_ACCOUNTS.general]) {
      const viewer = await viewerOf(phone);
      await expectIndexed(`company customers of ${phone}`, () => customers.listOfScope(viewer, ''));
    }
  });

  it('favourites: page 1 with its count, and a cursor page', async () => {
    const favorites = createFavoriteRepository(logged);
    const broker = await viewerOf(DEMO_ACCOUNTS.broker);
    await expectIndexed('favourites page 1', () => favorites.page(cid, broker.id, { limit: 8, offset: 0 }));
    const first = await createFavoriteRepository(database.db).page(cid, broker.id, { limit: 8, offset: 0 });
    const last = first.rows[7]!;
    await expectIndexed('favourites cursor page', () => favorites.page(cid, broker.id, { limit: 8, offset: 0, after: [last.cursorAt, last.houseId] }));
  });
});

describe('console report table (docs/decisions/048)', () => {
  it('page 1 and a deep page with the total, by each filter, and the filter choices', async () => {
    const records = createAdminRecordRepository(logged);
    const viewer = await viewerOf(DEMO_ACCOUNTS.broker);
    const auditor = await viewerOf(DEMO_ACCOUNTS.auditor);
    const [someHouse] = await database.db.select({ id: house.id, cityId: house.cityId }).from(house).where(and(eq(house.companyId, cid), eq(house.active, true))).limit(1);
    const now = new Date();
    const months3 = shanghaiDay(presetRange(6, now)!.start);
    const base: AdminRecordFilter = { status: '', protection: '', stage: '' };
    const filters: [string, AdminRecordFilter][] = [
      ['unfiltered', base],
      ['a status', { ...base, status: 'VISIT' }],
      ['a listing', { ...base, houseId: someHouse!.id }],
      ['a distributor', { ...base, distributorId: viewer.distributorId! }],
      ['a broker', { ...base, reporterId: viewer.id }],
      ['an auditor', { ...base, auditorId: auditor.id }],
      ['近3个月', { ...base, datePreset: 6 }],
      ['自选时间', { ...base, datePreset: 99, dateFrom: months3, dateTo: shanghaiDay(now) }],
      ['a listing and a status', { ...base, houseId: someHouse!.id, status: 'RECORDCLOSE' }],
      ['a broker, a status, 本月', { ...base, reporterId: viewer.id, status: 'VISIT', datePreset: 4 }],
      ['keyword 王建国', { ...base, keyword: '王建国' }],
      ['keyword 7919', { ...base, keyword: '7919' }],
      ['keyword 椰风海岸 and a status', { ...base, keyword: '椰风海岸', status: 'RECORDSTART' }],
      ['保护中', { ...base, protection: 'PROTECTED' }],
      ['即将到期', { ...base, protection: 'EXPIRING' }],
      ['已过期, 本月', { ...base, protection: 'EXPIRED', datePreset: 4 }],
      // 数据驾驶舱's funnel steps and city (issue 31): a step of 近3个月, and a city's 结佣.
      ['到访 of 近3个月', { ...base, stage: 'arrived', datePreset: 6 }],
      ['a city, 结佣', { ...base, cityId: someHouse!.cityId, stage: 'settled' }],
    ];
    for (const [name, filter] of filters) {
      await expectIndexed(`console ${name} page 1`, () =>
        Promise.all([records.list(filter, cid, { limit: 20, offset: 0 }, now), records.count(filter, cid, now)]),
      );
      await expectIndexed(`console ${name} page 20`, () => records.list(filter, cid, { limit: 20, offset: 380 }, now));
    }
    // The unfiltered total and a key's total come from record_tally, never the reports.
    for (const filter of [base, { ...base, status: 'VISIT' as const }, { ...base, auditorId: auditor.id }]) {
      const [plan] = await expectIndexed('console total from the tally', () => records.count(filter, cid, now), 'record_tally_scope_idx');
      expect(readsOf(plan!)).not.toContain('record');
    }
    for (const kind of ['house', 'distributor', 'broker', 'auditor'] as const) {
      await expectIndexed(`console ${kind} choices`, () => Promise.all([records.options(kind, cid, '', undefined), records.options(kind, cid, '椰风', 1)]));
    }
  });
});
