import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { RECORD_STATUSES } from '@baobei/shared/rules/record-status';
import { queryRows } from '../../db/client';
import { shareVisit } from '../../db/schema';
import { accountRow, insertReport, userIdOf, type AccountRow } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Statistics (docs/decisions/012): who may call each statistics call, and every number
 * checked against SQL written here, independently of the server's queries: the scope from
 * the user table (the server reads record.shop_manager_id and record.distributor_id), the
 * periods with PostgreSQL's own date arithmetic in Asia/Shanghai (the server uses the shared
 * presetRange), and the funnel stages as literal status lists (the server folds statuses
 * with rules/record-funnel.ts).
 */

let t: TestApp;
let dataDir: string;
const companyIds: Record<string, number> = {};

async function data<T>(url: string, phone: string, payload: object, host: string = HOSTS.localhost): Promise<T> {
  const res = await t.postAs(url, phone, payload, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

const RECORD_CALLS = ['/api/record/get-record-statics', '/api/record/get-user-to-record-statics', '/api/record/get-house-to-record-statics'];
const SHARE_CALLS = ['/api/user/get-user-share-statistics', '/api/user/get-user-share-house-statistics'];
const ALL_CALLS = [...RECORD_CALLS, ...SHARE_CALLS];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-stats-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyIds[HOSTS.localhost] = await t.companyIdOf(HOSTS.localhost);
  companyIds[HOSTS.second] = await t.companyIdOf(HOSTS.second);

  // Reports and share visits spread over the periods, for reporters and sharers inside and
  // outside each scope (second shop, second distributor, second company).
  const now = Date.now();
  const ages = [0, 2 * HOUR, 3 * DAY, 9 * DAY, 20 * DAY, 40 * DAY, 100 * DAY, 200 * DAY, 400 * DAY];
  const people: [string, string][] = [
    [HOSTS.localhost, '13800000003'],
    [HOSTS.localhost, '13800000002'],
    [HOSTS.localhost, '13800000024'],
    [HOSTS.localhost, '13800000008'],
    [HOSTS.second, '13900000003'],
  ];
  const houses = await queryRows<{ id: number; company_id: number }>(
    t.database.db,
    sql`select id, company_id from house where active order by id`,
  );
  for (const [p, [host, phone]] of people.entries()) {
    const companyId = companyIds[host]!;
    const uid = await userIdOf(t, companyId, phone);
    const own = houses.filter((h) => Number(h.company_id) === companyId);
    for (const [i, age] of ages.entries()) {
      const status = RECORD_STATUSES[(i + p) % RECORD_STATUSES.length]!;
      await insertReport(t, companyId, { status, reporterId: uid, createdAt: new Date(now - age) });
      const houseId = own[(i + p) % 4]!.id;
      const createdAt = new Date(now - age);
      await t.database.db.insert(shareVisit).values([
        // A signed-in visitor, an openid visitor twice, an unknown visitor; both sides.
        { companyId, houseId, shareUserId: uid, visitorUserId: uid, openid: '', side: 'SHARER', createdAt },
        { companyId, houseId, shareUserId: uid, visitorUserId: null, openid: `o-${p}-${i}`, side: 'SHARER', createdAt },
        { companyId, houseId, shareUserId: uid, visitorUserId: null, openid: `o-${p}-${i}`, side: 'SHARER', createdAt },
        { companyId, houseId, shareUserId: uid, visitorUserId: null, openid: '', side: 'SHARER', createdAt },
        { companyId, houseId, shareUserId: uid, visitorUserId: null, openid: `o-${p}-${i}`, side: 'VISITOR', createdAt },
      ]);
    }
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may ask for statistics', () => {
  it('answers 401 without a session', async () => {
    for (const url of ALL_CALLS) {
      const res = await t.call({ method: 'POST', url, payload: { dateType: 4 } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets the shop manager and the general account in, and refuses every other role', async () => {
    for (const url of ALL_CALLS) {
      for (const phone of ['13800000001', '13800000002']) expect((await t.postAs(url, phone, { dateType: 4 })).statusCode, `${url} ${phone}`).toBe(200);
      expect((await t.postAs(url, '13900000002', { dateType: 4 }, HOSTS.second)).statusCode, url).toBe(200);
      for (const phone of ['13800000003', '13800000004', '13800000005', '13800000006', '13800000007']) {
        const res = await t.postAs(url, phone, { dateType: 4 });
        expect(res.statusCode, `${url} ${phone}`).toBe(403);
        expect(res.json().msg).toBe(messages.common.noPermission);
      }
    }
  });

  it('keeps /my/share on the share paths for every signed-in user when no dateType is sent', async () => {
    const mine = await t.postAs('/api/user/get-user-share-statistics?page=1&pageSize=8', '13800000003', {});
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ page: 1, pageSize: 8 });
    const houseId = (mine.json().data.list as { houseId: number }[])[0]!.houseId;
    const visits = await t.postAs('/api/user/get-user-share-house-statistics?page=1&pageSize=8', '13800000003', { houseId });
    expect(visits.statusCode).toBe(200);
    expect(visits.json().data.total).toBeGreaterThan(0);
    const neither = await t.postAs('/api/user/get-user-share-house-statistics?page=1&pageSize=8', '13800000003', {});
    expect(neither.statusCode).toBe(400);
  });

  it('refuses a period that is not one of the presets 0..8', async () => {
    for (const url of ALL_CALLS) {
      for (const dateType of [9, 99, -1]) {
        const res = await t.postAs(url, '13800000002', { dateType });
        expect(res.statusCode, `${url} ${dateType}`).toBe(400);
        expect(res.json().msg).toBe(messages.statistics.dateTypeInvalid);
      }
    }
    for (const url of RECORD_CALLS) expect((await t.postAs(url, '13800000002', {})).statusCode, url).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------
// The expectation, in SQL.

const account = (host: string, phone: string) => accountRow(t, host, phone);

/** The accounts a DIANZHANG looks after: their shop (themselves and their brokers) or their whole distributor. */
function staffOf(a: AccountRow): SQL {
  return a.distributor_control
    ? sql`(select id from "user" where distributor_id = ${a.distributor_id})`
    : sql`(select id from "user" where id = ${a.id} or manager_id = ${a.id})`;
}

const LOCAL_DAY = (column: SQL) => sql`(${column} at time zone 'Asia/Shanghai')::date`;
const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;
const MONDAY = sql`date_trunc('week', ${TODAY})::date`;
const MONTH = sql`date_trunc('month', ${TODAY})::date`;

/** [first day, last day] of a preset, both included; null for 不限. */
function periodDays(dateType: number): [SQL, SQL] | null {
  switch (dateType) {
    case 1:
      return [TODAY, TODAY];
    case 2:
      return [MONDAY, TODAY];
    case 3:
      return [sql`${MONDAY} - 7`, sql`${MONDAY} - 1`];
    case 4:
      return [MONTH, TODAY];
    case 5:
      return [sql`(${MONTH} - interval '1 month')::date`, sql`${MONTH} - 1`];
    case 6:
      return [sql`${TODAY} - 89`, TODAY];
    case 7:
      return [sql`${TODAY} - 179`, TODAY];
    case 8:
      return [sql`date_trunc('year', ${TODAY})::date`, TODAY];
    default:
      return null;
  }
}

function inPeriod(dateType: number, column: SQL): SQL {
  const days = periodDays(dateType);
  return days ? sql`${LOCAL_DAY(column)} between ${days[0]} and ${days[1]}` : sql`true`;
}

async function expectedRange(dateType: number) {
  const days = periodDays(dateType);
  if (!days) return null;
  const rows = await queryRows<{ start: string; end: string }>(
    t.database.db,
    sql`select to_char(${days[0]}, 'YYYY-MM-DD') as start, to_char(${days[1]}, 'YYYY-MM-DD') as "end"`,
  );
  return rows[0]!;
}

/** The funnel stages as count(*) filters over literal status lists. */
const FUNNEL_SQL = sql.raw(`
  count(*)::int as reported,
  (count(*) filter (where r.status in ('RECORDSTANDBY','RECORDCOMPLETE','UNVISIT','VISIT','MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as processing,
  (count(*) filter (where r.status in ('RECORDCOMPLETE','UNVISIT','VISIT','MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as sent,
  (count(*) filter (where r.status in ('VISIT','MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as visited,
  (count(*) filter (where r.status in ('MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as deal,
  (count(*) filter (where r.status = 'MAKEBARGAINCOMPLETE'))::int as confirmed`);

function reportsWhere(host: string, a: AccountRow, dateType: number): SQL {
  return sql`r.company_id = ${companyIds[host]} and r.reporter_id in ${staffOf(a)} and ${inPeriod(dateType, sql`r.created_at`)}`;
}

interface Funnel {
  reported: number;
  processing: number;
  sent: number;
  visited: number;
  deal: number;
  confirmed: number;
}
const num = <T extends object>(row: T): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) && k !== 'phone' ? Number(v) : v])) as T;

interface RecordStatistics {
  dateType: number;
  range: { start: string; end: string } | null;
  total: number;
  statusList: { value: string; label: string; number: number }[];
  funnel: { key: string; label: string; number: number }[];
  trend: { date: string; reported: number; visited: number; deal: number }[];
}

const MANAGERS: [string, string][] = [
  [HOSTS.localhost, '13800000002'],
  [HOSTS.localhost, '13800000001'],
  [HOSTS.second, '13900000001'],
];

describe('report statistics match SQL', () => {
  it('gives totals per status, the funnel and a trend per day for every preset and scope', async () => {
    for (const [host, phone] of MANAGERS) {
      const a = await account(host, phone);
      for (let dateType = 0; dateType <= 8; dateType++) {
        const got = await data<RecordStatistics>('/api/record/get-record-statics', phone, { dateType }, host);
        const where = reportsWhere(host, a, dateType);
        const label = `${phone} dateType ${dateType}`;
        expect(got.dateType).toBe(dateType);
        expect(got.range, label).toEqual(await expectedRange(dateType));

        const byStatus = await queryRows<{ status: string; n: number }>(
          t.database.db,
          sql`select r.status, count(*)::int as n from record r where ${where} group by r.status`,
        );
        const counts = new Map(byStatus.map((r) => [r.status, Number(r.n)]));
        expect(got.statusList.map((s) => [s.value, s.number]), label).toEqual(RECORD_STATUSES.map((s) => [s, counts.get(s) ?? 0]));
        const [funnel] = await queryRows<Funnel>(t.database.db, sql`select ${FUNNEL_SQL} from record r where ${where}`);
        expect(got.total, label).toBe(Number(funnel!.reported));
        expect(Object.fromEntries(got.funnel.map((f) => [f.key, f.number])), label).toEqual(num(funnel!));
        expect(got.funnel.map((f) => f.label)).toEqual(['报备', '处理中', '已发开发商', '已到访', '成交', '确认成交']);

        const days = await queryRows<{ date: string; reported: number; visited: number; deal: number }>(
          t.database.db,
          sql`select to_char(${LOCAL_DAY(sql`r.created_at`)}, 'YYYY-MM-DD') as date, count(*)::int as reported,
                (count(*) filter (where r.status in ('VISIT','MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as visited,
                (count(*) filter (where r.status in ('MAKEBARGAIN','MAKEBARGAINCOMPLETE','MAKEBARGAINCLOSE')))::int as deal
              from record r where ${where} group by 1 order by 1`,
        );
        expect(got.trend.filter((d) => d.reported > 0), label).toEqual(days.map(num));
        // Every day of the period, once and in order; 不限 from the first report's day to today.
        const [first, last] = [got.trend[0]?.date, got.trend.at(-1)?.date];
        const range = got.range ?? { start: days[0]!.date, end: (await expectedRange(1))!.end };
        expect([first, last], label).toEqual([range.start, range.end]);
        const dates = got.trend.map((d) => d.date);
        expect(new Set(dates).size).toBe(dates.length);
        expect(dates).toEqual([...dates].sort());
        expect((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000 + 1).toBe(dates.length);
      }
    }
  });

  it('lists each staff member and each listing with their funnel, most reports first', async () => {
    for (const [host, phone] of MANAGERS) {
      const a = await account(host, phone);
      for (const dateType of [0, 1, 3, 4, 5, 8]) {
        const where = reportsWhere(host, a, dateType);
        const label = `${phone} dateType ${dateType}`;

        const staff = await data<{ range: unknown; list: (Funnel & { userId: number; name: string; phone: string; shopName: string })[] }>(
          '/api/record/get-user-to-record-statics',
          phone,
          { dateType },
          host,
        );
        expect(staff.range).toEqual(await expectedRange(dateType));
        const staffRows = await queryRows<Funnel & { userId: number; name: string; phone: string; shopName: string }>(
          t.database.db,
          sql`select u.id as "userId", u.name, u.phone, u.shop_name as "shopName", ${FUNNEL_SQL}
              from record r join "user" u on u.id = r.reporter_id where ${where}
              group by u.id order by reported desc, deal desc, u.id`,
        );
        expect(staff.list, label).toEqual(staffRows.map(num));

        const houses = await data<{ list: (Funnel & { houseId: number; houseName: string })[] }>(
          '/api/record/get-house-to-record-statics',
          phone,
          { dateType },
          host,
        );
        const houseRows = await queryRows<Funnel & { houseId: number; houseName: string }>(
          t.database.db,
          sql`select h.id as "houseId", h.name as "houseName", ${FUNNEL_SQL}
              from record r join house h on h.id = r.house_id where ${where}
              group by h.id order by reported desc, deal desc, h.id`,
        );
        expect(houses.list, label).toEqual(houseRows.map(num));
        expect(houses.list.reduce((n, h) => n + h.reported, 0)).toBe(staff.list.reduce((n, s) => n + s.reported, 0));
      }
    }
  });

  it('counts a new report of a broker for their shop manager and general account, and for no one else', async () => {
    const cid = companyIds[HOSTS.localhost]!;
    const total = async (phone: string) => (await data<RecordStatistics>('/api/record/get-record-statics', phone, { dateType: 1 })).total;
    const before = { shop: await total('13800000002'), general: await total('13800000001'), otherShop: await total('13800000023'), otherDistributor: await total('13800000011') };
    await insertReport(t, cid, { status: 'RECORDSTART', reporterId: await userIdOf(t, cid, '13800000003') });
    expect(await total('13800000002')).toBe(before.shop + 1);
    expect(await total('13800000001')).toBe(before.general + 1);
    expect(await total('13800000023')).toBe(before.otherShop);
    expect(await total('13800000011')).toBe(before.otherDistributor);
  });
});

describe('share statistics match SQL', () => {
  const VISITORS = sql.raw(`count(distinct case when v.visitor_user_id is not null then 'user:' || v.visitor_user_id
                                               when v.openid <> '' then 'openid:' || v.openid
                                               else 'visit:' || v.id end)::int`);

  it('counts the visits of the scope’s shared pages per sharer and per listing, sharer’s side only', async () => {
    for (const [host, phone] of MANAGERS) {
      const a = await account(host, phone);
      for (const dateType of [0, 1, 2, 4, 5, 6, 8]) {
        const where = sql`v.company_id = ${companyIds[host]} and v.side = 'SHARER' and v.share_user_id in ${staffOf(a)}
                          and ${inPeriod(dateType, sql`v.created_at`)}`;
        const label = `${phone} dateType ${dateType}`;

        const byUser = await data<{ range: unknown; list: unknown[] }>('/api/user/get-user-share-statistics', phone, { dateType }, host);
        expect(byUser.range).toEqual(await expectedRange(dateType));
        const userRows = await queryRows<object>(
          t.database.db,
          sql`select u.id as "userId", u.name, u.phone, u.shop_name as "shopName", count(*)::int as "visitCount",
                ${VISITORS} as "visitorCount", count(distinct v.house_id)::int as "houseCount"
              from share_visit v join "user" u on u.id = v.share_user_id where ${where}
              group by u.id order by "visitCount" desc, u.id`,
        );
        expect(byUser.list, label).toEqual(userRows.map(num));

        const byHouse = await data<{ list: unknown[] }>('/api/user/get-user-share-house-statistics', phone, { dateType }, host);
        const houseRows = await queryRows<object>(
          t.database.db,
          sql`select h.id as "houseId", h.name as "houseName", count(*)::int as "visitCount",
                ${VISITORS} as "visitorCount", count(distinct v.share_user_id)::int as "sharerCount"
              from share_visit v join house h on h.id = v.house_id where ${where}
              group by h.id order by "visitCount" desc, h.id`,
        );
        expect(byHouse.list, label).toEqual(houseRows.map(num));
        if (dateType === 0) expect(byUser.list.length, label).toBeGreaterThan(0);
      }
    }
  });
});
