import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { addDays, bucketOf, firstAuditBucket, FIRST_AUDIT_BUCKETS, histogramQuantile, type TrendGrain } from '@baobei/shared/rules/channel-dashboard';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import { DEAL_STATUSES } from '@baobei/shared/rules/record-status';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { DashboardOverview, Ranking } from '@baobei/shared/schemas/dashboard';
import { queryRows } from '../../db/client';
import { recordDeal } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087): the console's and the phone's funnel, trends and
 * rankings, read from channel_tally, equal a count written here in SQL over the reports, their
 * deals and payments, for several scopes and periods; each viewer sees their own reach only.
 */
let t: TestApp;
let cid = 0;
let operator = '';
let stranger = '';
let managerId = 0;
let brokerId = 0;
let generalDistributor = 0;
let channelId = 0;
const today = shanghaiDay(new Date());

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const ARRIVED = list(statusesReaching('visited'));
const DEALT = list(statusesReaching('deal'));
const LIVE = list(DEAL_STATUSES);
const dayOf = (column: string) => sql.raw(`(${column} at time zone 'Asia/Shanghai')::date`);

/** The funnel of the reports under `where` submitted in [from, to], counted from the reports. */
async function expectedFunnel(where: SQL, from: string, to: string) {
  const [row] = await queryRows<{ reported: number; arrived: number; dealt: number; settled: number }>(
    t.database.db,
    sql`select count(*)::int as reported,
        count(*) filter (where r.status in (${ARRIVED}))::int as arrived,
        count(*) filter (where r.status in (${DEALT}))::int as dealt,
        count(*) filter (where r.status in (${DEALT}) and d.settlement_state = 'SETTLED')::int as settled
      from record r left join record_deal d on d.record_id = r.id
      where r.company_id = ${cid} and ${where} and ${dayOf('r.created_at')} between ${from}::date and ${to}::date`,
  );
  return row!;
}

/** Reports per bucket and deals (count, value) per bucket of the signing date, from the tables. */
async function expectedTrend(where: SQL, from: string, to: string, grain: TrendGrain) {
  const reports = await queryRows<{ day: string; n: number }>(
    t.database.db,
    sql`select ${dayOf('r.created_at')}::text as day, count(*)::int as n from record r
      where r.company_id = ${cid} and ${where} and ${dayOf('r.created_at')} between ${from}::date and ${to}::date group by 1`,
  );
  const deals = await queryRows<{ day: string; n: number; value: number }>(
    t.database.db,
    sql`select d.signed_on::text as day, count(*)::int as n, sum(d.total_price_fen)::float8 as value from record_deal d join record r on r.id = d.record_id
      where r.company_id = ${cid} and ${where} and r.status in (${LIVE}) and d.signed_on between ${from}::date and ${to}::date group by 1`,
  );
  const out = new Map<string, { reported: number; deals: number; dealValueFen: number }>();
  const at = (day: string) => {
    const bucket = bucketOf(day, grain);
    const point = out.get(bucket) ?? { reported: 0, deals: 0, dealValueFen: 0 };
    out.set(bucket, point);
    return point;
  };
  for (const r of reports) at(r.day).reported += r.n;
  for (const d of deals) {
    at(d.day).deals += d.n;
    at(d.day).dealValueFen += d.value;
  }
  return out;
}

const getConsole = (url: string, token = operator) => t.call({ method: 'GET', url, token, host: token === stranger ? HOSTS.second : HOSTS.localhost });
async function consoleOverview(query: string, token = operator): Promise<DashboardOverview> {
  const res = await getConsole(`/api/admin/dashboard/overview?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function phoneOverview(phone: string, body: object): Promise<DashboardOverview> {
  const res = await t.postAs('/api/record/get-channel-overview', phone, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const funnelOf = (o: DashboardOverview) => Object.fromEntries(o.funnel.map((s) => [s.key, s.n]));

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  const sessions = createSessionRepository(t.database.db);
  operator = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator), cid);
  const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
  stranger = await sessions.create(second!.id, second!.companyId);
  managerId = await userIdOf(t, cid, DEMO_ACCOUNTS.manager);
  brokerId = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  channelId = await userIdOf(t, cid, DEMO_ACCOUNTS.channel);
  const [general] = await queryRows<{ d: number }>(t.database.db, sql`select distributor_id as d from "user" where phone = ${DEMO_ACCOUNTS.general} and company_id = ${cid}`);
  generalDistributor = general!.d;

  // Deals in the last days (the demo data has none): two live, one settled; one of a closed deal.
  const auditorId = await userIdOf(t, cid, DEMO_ACCOUNTS.auditor);
  const brokers = [DEMO_ACCOUNTS.broker, DEMO_ACCOUNTS.otherBroker, DEMO_ACCOUNTS.broker, DEMO_ACCOUNTS.otherBroker];
  const statuses = ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE', 'MAKEBARGAIN'] as const;
  for (const [i, phone] of brokers.entries()) {
    const reporterId = await userIdOf(t, cid, phone);
    const r = await insertReport(t, cid, { status: statuses[i]!, reporterId, auditorId, createdAt: new Date(Date.now() - (i * 9 + 1) * 86_400_000) });
    await t.database.db.insert(recordDeal).values({
      recordId: r.id,
      companyId: cid,
      building: '2栋',
      room: `${r.id}`,
      floorArea: 90,
      totalPriceFen: 100_000_000 + i * 1_000_000,
      signedOn: addDays(today, -i * 8),
      contractPicture: '/uploads/contract.png',
      propertyType: 'RESIDENCE',
      baseFen: 2_000_000,
      incentiveFen: 0,
      commissionFen: 2_000_000,
      settlementState: i === 1 ? 'SETTLED' : 'PENDING',
      paidFen: i === 1 ? 2_000_000 : 0,
      createdBy: auditorId,
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const PERIODS = () => [
  { name: '30 days (default)', query: {}, from: addDays(today, -29), to: today },
  { name: 'today', query: { from: today, to: today }, from: today, to: today },
  { name: 'a year', query: { from: addDays(today, -365), to: today }, from: addDays(today, -365), to: today },
  { name: 'last quarter', query: { from: addDays(today, -120), to: addDays(today, -30) }, from: addDays(today, -120), to: addDays(today, -30) },
];
const qs = (query: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();

describe('the console’s 数据驾驶舱', () => {
  it('answers the funnel of the company, a city, a listing and a distributor equal to a count of the reports, for several periods', async () => {
    const [house] = await queryRows<{ id: number; city_id: number }>(
      t.database.db,
      sql`select h.id, h.city_id from record r join house h on h.id = r.house_id where r.company_id = ${cid} group by h.id, h.city_id order by count(*) desc limit 1`,
    );
    const scopes = [
      { name: 'company', query: {}, where: sql`true` },
      { name: 'city', query: { cityId: house!.city_id }, where: sql`r.house_id in (select id from house where city_id = ${house!.city_id})` },
      { name: 'listing', query: { houseId: house!.id }, where: sql`r.house_id = ${house!.id}` },
      { name: 'distributor', query: { distributorId: generalDistributor }, where: sql`r.distributor_id = ${generalDistributor}` },
      { name: 'shop', query: { shopId: managerId }, where: sql`r.shop_manager_id = ${managerId}` },
      { name: 'broker', query: { reporterId: brokerId }, where: sql`r.reporter_id = ${brokerId}` },
    ];
    let nonEmpty = 0;
    for (const scope of scopes) {
      for (const period of PERIODS()) {
        const answer = await consoleOverview(qs({ ...scope.query, ...period.query }));
        expect(answer.period, `${scope.name} ${period.name}`).toEqual({ from: period.from, to: period.to });
        const expected = await expectedFunnel(scope.where, period.from, period.to);
        expect(funnelOf(answer), `${scope.name} ${period.name}`).toEqual(expected);
        if (expected.reported > 0) nonEmpty++;
        // Each step's rate is over the step before.
        expect(answer.funnel[1]!.rate).toBe(expected.reported ? expected.arrived / expected.reported : null);
        // The previous period is the same length just before, counted the same way.
        const before = await expectedFunnel(scope.where, answer.previous.from, answer.previous.to);
        expect(answer.funnel.map((s) => s.previousN)).toEqual([before.reported, before.arrived, before.dealt, before.settled]);
      }
    }
    expect(nonEmpty).toBeGreaterThan(8);
  });

  it('opens the reports behind each funnel step: the report table with the same period, scope and 阶段 holds exactly that many', async () => {
    const from = addDays(today, -365);
    const [house] = await queryRows<{ id: number; city_id: number }>(
      t.database.db,
      sql`select h.id, h.city_id from record r join house h on h.id = r.house_id where r.company_id = ${cid} group by h.id, h.city_id order by count(*) desc limit 1`,
    );
    for (const scope of [{}, { distributorId: generalDistributor }, { cityId: house!.city_id }, { houseId: house!.id }, { shopId: managerId }, { reporterId: brokerId }]) {
      const answer = await consoleOverview(qs({ from, to: today, ...scope }));
      for (const step of answer.funnel) {
        const stage = step.key === 'reported' ? {} : { stage: step.key };
        const res = await getConsole(`/api/admin/record/list?${qs({ datePreset: 99, dateFrom: from, dateTo: today, ...scope, ...stage, pageSize: 1 })}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.total, `${JSON.stringify(scope)} ${step.key}`).toBe(step.n);
      }
    }
  });

  it('answers trends per day, week and month equal to reports per submit day and live deals per signing day', async () => {
    for (const grain of ['day', 'week', 'month'] as const) {
      const from = addDays(today, grain === 'day' ? -29 : -200);
      const answer = await consoleOverview(qs({ from, to: today, grain }));
      expect(answer.grain).toBe(grain);
      const expected = await expectedTrend(sql`true`, from, today, grain);
      const got = new Map(answer.trend.map((p) => [p.bucket, { reported: p.reported, deals: p.deals, dealValueFen: p.dealValueFen }]));
      for (const [bucket, point] of expected) expect(got.get(bucket), `${grain} ${bucket}`).toEqual(point);
      // Buckets without any are there, with zeros.
      for (const [bucket, point] of got) if (!expected.has(bucket)) expect(point).toEqual({ reported: 0, deals: 0, dealValueFen: 0 });
      expect(answer.trend.reduce((a, p) => a + p.deals, 0)).toBe(answer.totals.deals);
    }
    // The deals signed 0, 8 and 24 days back are live; the one of 16 days back was closed (成交关闭): not a deal any more.
    const month = await consoleOverview(qs({ from: addDays(today, -29), to: today }));
    expect(month.totals.deals).toBe(3);
    expect(month.totals.dealValueFen).toBe(100_000_000 + 101_000_000 + 103_000_000);
  });

  it('ranks distributors, brokers and listings by reports and arrival rate as a count of the reports does (whole months read from the month sums)', async () => {
    for (const from of [addDays(today, -365), addDays(today, -29), `${addDays(today, -200).slice(0, 8)}01`])
    for (const [dim, column] of [
      ['distributor', 'r.distributor_id'],
      ['reporter', 'r.reporter_id'],
      ['house', 'r.house_id'],
    ] as const) {
      const res = await getConsole(`/api/admin/dashboard/ranking?${qs({ from, to: today, dim, order: 'reported' })}`);
      expect(res.statusCode, res.body).toBe(200);
      const ranking: Ranking = res.json().data;
      const expected = await queryRows<{ id: number; reported: number; arrived: number }>(
        t.database.db,
        sql`select ${sql.raw(column)} as id, count(*)::int as reported, count(*) filter (where r.status in (${ARRIVED}))::int as arrived from record r
          where r.company_id = ${cid} and ${sql.raw(column)} is not null and ${dayOf('r.created_at')} between ${from}::date and ${today}::date
          group by 1 order by 2 desc, 1 asc limit 50`,
      );
      expect(
        ranking.list.map((r) => ({ id: r.id, reported: r.reported, arrived: r.arrived })),
        `${dim} from ${from}`,
      ).toEqual(expected);
      expect(ranking.list.every((r) => r.name !== '')).toBe(true);
    }
    const from = addDays(today, -365);
    const byRate: Ranking = (await getConsole(`/api/admin/dashboard/ranking?${qs({ from, to: today, dim: 'reporter', order: 'arrivalRate' })}`)).json().data;
    const rates = byRate.list.map((r) => r.arrivalRate ?? -1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('answers each auditor’s reports and time to first audit from the kept histogram as from the reports', async () => {
    const from = addDays(today, -365);
    const res = await getConsole(`/api/admin/dashboard/auditors?${qs({ from, to: today })}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await queryRows<{ auditor: number; s: number | null }>(
      t.database.db,
      sql`select r.auditor_id as auditor, extract(epoch from r.audit_at - r.created_at)::float8 as s from record r
        where r.company_id = ${cid} and r.auditor_id is not null and ${dayOf('r.created_at')} between ${from}::date and ${today}::date`,
    );
    const expected = new Map<number, { handled: number; histogram: number[] }>();
    for (const r of rows) {
      const e = expected.get(r.auditor) ?? { handled: 0, histogram: Array.from({ length: FIRST_AUDIT_BUCKETS }, () => 0) };
      e.handled++;
      if (r.s !== null) e.histogram[firstAuditBucket(r.s)]!++;
      expected.set(r.auditor, e);
    }
    const answer = res.json().data as { list: { id: number; handled: number; audited: number; medianS: number | null; p90S: number | null }[] };
    expect(answer.list.length).toBe(expected.size);
    for (const row of answer.list) {
      const e = expected.get(row.id)!;
      expect(row).toMatchObject({
        handled: e.handled,
        audited: e.histogram.reduce((a, b) => a + b, 0),
        medianS: histogramQuantile(e.histogram, 0.5),
        p90S: histogramQuantile(e.histogram, 0.9),
      });
    }
  });

  it('exports what the page shows as a workbook (概览 with the funnel, 趋势, each ranking, 审核员) and audits it; a read-only operator may not export', async () => {
    const from = addDays(today, -90);
    const answer = await consoleOverview(qs({ from, to: today, grain: 'week' }));
    const res = await getConsole(`/api/admin/export/dashboard?${qs({ from, to: today, grain: 'week' })}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['概览', '趋势', '分销商排行', '门店排行', '经纪人排行', '楼盘排行', '审核员']);
    const overviewRows = book.getWorksheet('概览')!.getSheetValues().slice(2) as unknown[][];
    const funnelRows = overviewRows.filter((r) => String(r[1]).startsWith('转化漏斗'));
    expect(funnelRows.map((r) => [String(r[1]).split('：')[1], r[2], r[3]])).toEqual(answer.funnel.map((step) => [step.label, step.n, step.previousN]));
    expect(book.getWorksheet('趋势')!.rowCount - 1).toBe(answer.trend.length);
    expect(Number(res.headers['x-export-rows'])).toBeGreaterThan(answer.trend.length);
    const [audit] = await queryRows<{ detail: { filter: Record<string, unknown>; rows: number } }>(
      t.database.db,
      sql`select detail from audit_log where action = 'export.dashboard' and company_id = ${cid} order by id desc limit 1`,
    );
    expect(audit!.detail.filter).toMatchObject({ from, to: today, grain: 'week' });
    const readonly = await t.consoleLogin(CONSOLE_ACCOUNTS.readonlyOperator);
    expect((await getConsole(`/api/admin/export/dashboard?${qs({ from, to: today })}`, readonly)).statusCode).toBe(403);
    // Reading the page is every scope's.
    expect((await getConsole(`/api/admin/dashboard/overview?${qs({ from, to: today })}`, readonly)).statusCode).toBe(200);
  });

  it('refuses a reversed or too long period, and two scopes at once, in Chinese, and another company’s distributor as not found', async () => {
    const reversed = await getConsole(`/api/admin/dashboard/overview?${qs({ from: today, to: addDays(today, -1) })}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toBe(text.periodInvalid);
    const long = await getConsole(`/api/admin/dashboard/overview?${qs({ from: addDays(today, -366), to: today })}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(text.periodTooLong);
    const both = await getConsole(`/api/admin/dashboard/overview?${qs({ cityId: 1, distributorId: generalDistributor })}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toBe(text.oneScope);
    const foreign = await getConsole(`/api/admin/dashboard/overview?${qs({ distributorId: generalDistributor })}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(text.scopeNotFound);
    // The other company's own dashboard counts its own reports only.
    const [other] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from record r join "user" u on u.phone = ${CONSOLE_ACCOUNTS.secondOperator} and u.company_id = r.company_id
        where ${dayOf('r.created_at')} between ${addDays(today, -365)}::date and ${today}::date`,
    );
    const theirs = await consoleOverview(qs({ from: addDays(today, -365), to: today }), stranger);
    expect(theirs.funnel[0]!.n).toBe(other!.n);
    const ours = await consoleOverview(qs({ from: addDays(today, -365), to: today }));
    expect(ours.funnel[0]!.n).not.toBe(theirs.funnel[0]!.n);
  });
});

describe('the phone’s 数据统计 for shop managers, general accounts and channel managers', () => {
  it('answers each their own reach: the general account its distributor, the shop manager its shop, the channel manager the distributors they look after', async () => {
    const reaches = [
      { phone: DEMO_ACCOUNTS.general, where: sql`r.distributor_id = ${generalDistributor}` },
      { phone: DEMO_ACCOUNTS.manager, where: sql`r.shop_manager_id = ${managerId}` },
      { phone: DEMO_ACCOUNTS.channel, where: sql`r.distributor_id in (select id from distributor where company_id = ${cid} and channel_user_id = ${channelId})` },
      { phone: DEMO_ACCOUNTS.channelManager, where: sql`r.distributor_id in (select id from distributor where company_id = ${cid} and channel_user_id is not null)` },
    ];
    for (const reach of reaches) {
      for (const period of PERIODS()) {
        const answer = await phoneOverview(reach.phone, period.query);
        expect(funnelOf(answer), `${reach.phone} ${period.name}`).toEqual(await expectedFunnel(reach.where, period.from, period.to));
      }
    }
  });

  it('ranks only the viewer’s own: a shop manager its shop’s brokers, a general account its shops and brokers', async () => {
    const from = addDays(today, -365);
    const mine = await t.postAs('/api/record/get-channel-ranking', DEMO_ACCOUNTS.manager, { from, to: today, dim: 'reporter' });
    expect(mine.statusCode, mine.body).toBe(200);
    const expected = await queryRows<{ id: number; reported: number }>(
      t.database.db,
      sql`select r.reporter_id as id, count(*)::int as reported from record r where r.company_id = ${cid} and r.shop_manager_id = ${managerId}
        and ${dayOf('r.created_at')} between ${from}::date and ${today}::date group by 1 order by 2 desc, 1 asc`,
    );
    expect((mine.json().data as Ranking).list.map((r) => ({ id: r.id, reported: r.reported }))).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);

    const shops = await t.postAs('/api/record/get-channel-ranking', DEMO_ACCOUNTS.general, { from, to: today, dim: 'shop' });
    const expectedShops = await queryRows<{ id: number; reported: number }>(
      t.database.db,
      sql`select r.shop_manager_id as id, count(*)::int as reported from record r where r.company_id = ${cid} and r.distributor_id = ${generalDistributor}
        and r.shop_manager_id is not null and ${dayOf('r.created_at')} between ${from}::date and ${today}::date group by 1 order by 2 desc, 1 asc`,
    );
    expect((shops.json().data as Ranking).list.map((r) => ({ id: r.id, reported: r.reported }))).toEqual(expectedShops);
    // A listing ranking of the shop: its own reports of each listing.
    const houses = await t.postAs('/api/record/get-channel-ranking', DEMO_ACCOUNTS.manager, { from, to: today, dim: 'house' });
    const expectedHouses = await queryRows<{ id: number; reported: number }>(
      t.database.db,
      sql`select r.house_id as id, count(*)::int as reported from record r where r.company_id = ${cid} and r.shop_manager_id = ${managerId}
        and ${dayOf('r.created_at')} between ${from}::date and ${today}::date group by 1 order by 2 desc, 1 asc limit 50`,
    );
    expect((houses.json().data as Ranking).list.map((r) => ({ id: r.id, reported: r.reported }))).toEqual(expectedHouses);
  });

  it('is refused to brokers and auditors (403), and the console’s calls to phone accounts', async () => {
    for (const phone of [DEMO_ACCOUNTS.broker, DEMO_ACCOUNTS.auditor, DEMO_ACCOUNTS.auditorAdmin]) {
      expect((await t.postAs('/api/record/get-channel-overview', phone, {})).statusCode, phone).toBe(403);
      expect((await t.postAs('/api/record/get-channel-ranking', phone, {})).statusCode, phone).toBe(403);
    }
    const phoneToken = await t.tokenOf(DEMO_ACCOUNTS.general);
    expect((await getConsole('/api/admin/dashboard/overview', phoneToken)).statusCode).toBe(403);
  });
});
