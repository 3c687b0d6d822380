import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { isLowArrival, lowArrivalWindow, rate } from '@baobei/shared/rules/channel-dashboard';
import { statusesReaching } from '@baobei/shared/rules/record-funnel';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { DashboardAlerts } from '@baobei/shared/schemas/dashboard';
import { queryRows } from '../../db/client';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createAlertRepository } from './alert-repository';
import { createAlertService } from './alert-service';

/**
 * 数据驾驶舱's alerts (issue 31 item 5, docs/decisions/087): the job finds a distributor's surge of
 * reports, a distributor's arrival rate far below the company's, and one phone reported by three
 * distributors; each links to exactly the reports behind it; an operator dismisses one and
 * switches a kind off; a read-only operator reads them and changes nothing.
 */
let t: TestApp;
let cid = 0;
let operator = '';
let stranger = '';
let readonly = '';
let brokerB = 0;
let distributorB = 0;
const today = shanghaiDay(new Date());
const alertJob = () => createAlertService({ alerts: createAlertRepository(t.database.db) }).run();

const get = (url: string, token = operator) => t.call({ method: 'GET', url, token, host: token === stranger ? HOSTS.second : HOSTS.localhost });
const post = (url: string, payload: object, token = operator) => t.call({ method: 'POST', url, token, payload, host: token === stranger ? HOSTS.second : HOSTS.localhost });
async function alerts(query = ''): Promise<DashboardAlerts> {
  const res = await get(`/api/admin/dashboard/alerts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** The report table's total for an alert's link. */
async function linked(link: DashboardAlerts['list'][number]['link']): Promise<number> {
  const query = new URLSearchParams({ datePreset: '99', pageSize: '1', ...Object.fromEntries(Object.entries(link).map(([k, v]) => [k, String(v)])) });
  const res = await get(`/api/admin/record/list?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total;
}

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  const sessions = createSessionRepository(t.database.db);
  operator = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator), cid);
  readonly = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.readonlyOperator), cid);
  const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
  stranger = await sessions.create(second!.id, second!.companyId);
  brokerB = await userIdOf(t, cid, DEMO_ACCOUNTS.otherBroker);
  const [b] = await queryRows<{ d: number }>(t.database.db, sql`select distributor_id as d from "user" where id = ${brokerB}`);
  distributorB = b!.d;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('数据驾驶舱 alerts', () => {
  it('finds a distributor’s surge of reports today and links to exactly them', async () => {
    for (let i = 0; i < 12; i++) await insertReport(t, cid, { status: 'RECORDSTART', reporterId: brokerB, distributorId: distributorB, createdAt: new Date() });
    expect(await alertJob()).toBeGreaterThan(0);
    const surge = (await alerts()).list.find((a) => a.kind === 'surge' && a.link.distributorId === distributorB);
    expect(surge).toBeDefined();
    expect(surge!.day).toBe(today);
    expect(surge!.kindText).toBe('报备量突增');
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from record where company_id = ${cid} and distributor_id = ${distributorB} and (created_at at time zone 'Asia/Shanghai')::date = ${today}::date`,
    );
    expect(surge!.text).toContain(`当天报备 ${count!.n} 条`);
    expect(await linked(surge!.link)).toBe(count!.n);
    // Found again: one alert, its figures the same.
    await alertJob();
    expect((await alerts()).list.filter((a) => a.kind === 'surge' && a.link.distributorId === distributorB)).toHaveLength(1);
  });

  it('finds one phone reported by three distributors within 72 hours, and its link opens those reports', async () => {
    const distributors = await queryRows<{ id: number }>(t.database.db, sql`select id from distributor where company_id = ${cid} order by id limit 3`);
    while (distributors.length < 3) {
      const [row] = await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into distributor (company_id, name, short_name, credit_no) values (${cid}, ${`预警分销商${distributors.length}`}, ${`预警${distributors.length}`}, ${`91460000MA5T${String(distributors.length).padStart(6, '0')}`}) returning id`,
      );
      distributors.push(row!);
    }
    for (const [i, d] of distributors.entries()) {
      await insertReport(t, cid, {
        status: 'RECORDSTART',
        distributorId: d.id,
        customerPhone: '16655550001',
        customerPhoneMasked: '166****0001',
        createdAt: new Date(Date.now() - i * 20 * 3_600_000),
      });
    }
    await alertJob();
    const shared = (await alerts()).list.find((a) => a.kind === 'shared_phone' && a.link.phoneKey === '166****0001');
    expect(shared).toBeDefined();
    expect(shared!.text).toBe(text.alertSharedPhone('166****0001', 3, 3, 72));
    expect(await linked(shared!.link)).toBe(3);
  });

  it('finds a distributor whose arrival rate is far below the company’s, by the shared rule over the reports', async () => {
    const window = lowArrivalWindow(today);
    // Sixty reports of distributor B in the window, none of them arrived.
    const at = new Date(`${window.to}T04:00:00Z`);
    for (let i = 0; i < 60; i++) await insertReport(t, cid, { status: 'RECORDCLOSE', reporterId: brokerB, distributorId: distributorB, createdAt: at });
    const arrived = [...statusesReaching('visited')];
    const rows = await queryRows<{ d: number | null; reported: number; arrived: number }>(
      t.database.db,
      sql`select distributor_id as d, count(*)::int as reported, count(*) filter (where status in ${sql.raw(`(${arrived.map((s) => `'${s}'`).join(', ')})`)})::int as arrived
        from record where company_id = ${cid} and (created_at at time zone 'Asia/Shanghai')::date between ${window.from}::date and ${window.to}::date
        group by rollup (distributor_id)`,
    );
    const whole = rows.find((r) => r.d === null && r.reported === rows.reduce((n, x) => (x.d === null ? n : n + x.reported), 0))!;
    const b = rows.find((r) => r.d === distributorB)!;
    expect(isLowArrival(b.reported, b.arrived, rate(whole.arrived, whole.reported))).toBe(true);
    await alertJob();
    const low = (await alerts()).list.find((a) => a.kind === 'low_arrival' && a.link.distributorId === distributorB);
    expect(low).toBeDefined();
    expect(low!.link).toMatchObject({ dateFrom: window.from, dateTo: window.to });
    expect(await linked(low!.link)).toBe(b.reported);
  });

  it('dismisses an alert (kept, marked) and switches a kind off (neither found nor listed), audited; read-only reads, changes nothing', async () => {
    const shared = (await alerts()).list.find((a) => a.kind === 'shared_phone')!;
    expect((await post('/api/admin/dashboard/alert-dismiss', { id: shared.id }, readonly)).statusCode).toBe(403);
    expect((await post('/api/admin/dashboard/alert-dismiss', { id: shared.id }, stranger)).statusCode).toBe(404);
    expect((await post('/api/admin/dashboard/alert-dismiss', { id: shared.id })).statusCode).toBe(200);
    expect((await alerts()).list.some((a) => a.id === shared.id)).toBe(false);
    expect((await alerts('?dismissed=1')).list.find((a) => a.id === shared.id)?.dismissed).toBe(true);

    expect((await post('/api/admin/dashboard/alert-switch', { kind: 'surge', enabled: false }, readonly)).statusCode).toBe(403);
    const off = await post('/api/admin/dashboard/alert-switch', { kind: 'surge', enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json().data as DashboardAlerts).switches.find((s) => s.kind === 'surge')!.enabled).toBe(false);
    expect((await alerts()).list.some((a) => a.kind === 'surge')).toBe(false);
    await t.database.db.execute(sql`delete from channel_alert where company_id = ${cid} and kind = 'surge'`);
    await alertJob();
    const [found] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from channel_alert where company_id = ${cid} and kind = 'surge'`);
    expect(found!.n).toBe(0);
    const audits = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where company_id = ${cid} and entity = 'channel_alert' order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['dashboard.alert-dismiss', 'dashboard.alert-switch']);
    // Back on: found again.
    expect((await post('/api/admin/dashboard/alert-switch', { kind: 'surge', enabled: true })).statusCode).toBe(200);
    await alertJob();
    expect((await alerts()).list.some((a) => a.kind === 'surge')).toBe(true);
    expect((await get('/api/admin/dashboard/alerts', readonly)).statusCode).toBe(200);
    // Another company sees none of these.
    const theirs: DashboardAlerts = (await get('/api/admin/dashboard/alerts', stranger)).json().data;
    expect(theirs.list.some((a) => a.link.distributorId === distributorB || a.link.phoneKey === '166****0001')).toBe(false);
  });

  it('refuses a kind it does not know and a malformed phone key, in Chinese', async () => {
    const bad = await post('/api/admin/dashboard/alert-switch', { kind: 'nothing', enabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('预警类型不正确');
    const key = await get('/api/admin/record/list?phoneKey=1661234');
    expect(key.statusCode).toBe(400);
    expect(key.json().msg).toBe('客户号码格式不正确');
  });
});
