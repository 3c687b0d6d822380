import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { presetRange } from '@baobei/shared/rules/date-presets';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { queryRows } from '../../db/client';
import { auditLog, recordApproval } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 16, item 3 (docs/decisions/048): the console's report table, drawer and auditor-admin actions. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let operator = '';
/** Every customer of this file is named with it: the keyword keeps the other rows of the seed out. */
const TAG = '表测客';

interface Ids {
  houses: number[];
  brokerA: number;
  brokerB: number;
  distA: number;
  distB: number;
  auditor: number;
  vacationer: number;
  second: number;
  foreignReport: number;
}
let ids: Ids;
const made: Record<string, number> = {};

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined = operator, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, payload: object, token: string | undefined = operator, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload });

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q))[0]!;
const idOf = async (phone: string, company = companyA) => (await one<{ id: number }>(sql`select id from "user" where phone = ${phone} and company_id = ${company}`)).id;

/** A report of company localhost, written as the submit writes one (the triggers keep the counts). */
async function report(name: string, o: { house: number; reporter: number; distributor: number; auditor: number; status?: RecordStatus; daysAgo?: number; phone?: string }) {
  const at = new Date(Date.now() - (o.daysAgo ?? 0) * 24 * 3600_000);
  const phone = o.phone ?? `1370000${String(Object.keys(made).length).padStart(4, '0')}`;
  const row = await one<{ id: number }>(sql`insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id,
      distributor_id, auditor_id, estimated_visit_time, protect_until, submission_id, status, created_at)
    values (${companyA}, ${o.house}, ${name}, ${phone}, ${phone.slice(0, 3) + phone.slice(-4)}, ${o.reporter}, ${o.distributor}, ${o.auditor},
      ${at.toISOString()}, ${new Date(at.getTime() + 48 * 3600_000).toISOString()}, ${`admin-record-${name}`}, ${o.status ?? 'RECORDSTART'}, ${at.toISOString()})
    returning id`);
  await t.database.db.insert(recordApproval).values({ recordId: row.id, status: 'RECORDSTART', userName: '测试', createdAt: at });
  made[name] = row.id;
  return row.id;
}

async function list(query: Record<string, string | number>): Promise<{ list: { id: number; customerName: string; customerPhone: string }[]; total: number }> {
  const qs = new URLSearchParams(Object.entries({ keyword: TAG, pageSize: 100, ...query }).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await get(`/api/admin/record/list?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const namesOf = (page: { list: { customerName: string }[] }) => page.list.map((r) => r.customerName).sort();

const openCount = async (auditorId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select open_count as n from auditor_open_report where auditor_id = ${auditorId}`))[0]?.n ?? 0;
const recordState = async (id: number) =>
  one<{ status: string; version: number; auditorId: number }>(sql`select status, version, auditor_id as "auditorId" from record where id = ${id}`);
const audits = (id: number, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
  const houses = await queryRows<{ id: number }>(t.database.db, sql`select id from house where company_id = ${companyA} and active order by id limit 2`);
  const brokerA = await idOf(DEMO_ACCOUNTS.broker);
  const brokerB = await idOf(DEMO_ACCOUNTS.otherBroker);
  const dist = async (userId: number) => (await one<{ d: number }>(sql`select distributor_id as d from "user" where id = ${userId}`)).d;
  // A second auditor on duty, to reassign to.
  await t.database.db.execute(sql`insert into "user" (company_id, role, name, phone, password_hash)
    select company_id, 'AUDITOR', '表测审核', '13700009901', password_hash from "user" where id = ${await idOf(DEMO_ACCOUNTS.auditor)}`);
  const foreign = await one<{ id: number }>(sql`select id from record where company_id = ${companyB} order by id limit 1`);
  ids = {
    houses: houses.map((h) => h.id),
    brokerA,
    brokerB,
    distA: await dist(brokerA),
    distB: await dist(brokerB),
    auditor: await idOf(DEMO_ACCOUNTS.auditor),
    vacationer: await idOf('13800000016'),
    second: await idOf('13700009901'),
    foreignReport: foreign.id,
  };
  const [h1, h2] = ids.houses as [number, number];
  // The first listing hides its customers' numbers from the developer side, the second does not (decision 019).
  await t.database.db.execute(sql`update house set rule_tel = case when id = ${h1} then 'MASKED' else 'FULL' end where id in (${h1}, ${h2})`);
  await report(`${TAG}甲`, { house: h1, reporter: brokerA, distributor: ids.distA, auditor: ids.auditor, phone: '13712345678' });
  await report(`${TAG}乙`, { house: h2, reporter: brokerA, distributor: ids.distA, auditor: ids.auditor, status: 'VISIT', phone: '13787654321' });
  await report(`${TAG}丙`, { house: h1, reporter: brokerB, distributor: ids.distB, auditor: ids.second, status: 'RECORDCLOSE' });
  await report(`${TAG}丁`, { house: h2, reporter: brokerB, distributor: ids.distB, auditor: ids.auditor, daysAgo: 40 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/record/list', () => {
  it('lists the company’s reports by keyword, newest first, with the phone as the console may see it and a total', async () => {
    const page = await list({});
    expect(namesOf(page)).toEqual([`${TAG}丁`, `${TAG}丙`, `${TAG}乙`, `${TAG}甲`].sort());
    expect(page.total).toBe(4);
    expect(page.list.at(-1)!.customerName).toBe(`${TAG}丁`);
    // On a MASKED listing the console reads the number hidden, as the developer side does; on a
    // FULL one as entered (decision 019, 048, 049).
    expect(page.list.find((r) => r.customerName === `${TAG}甲`)!.customerPhone).toBe('137****5678');
    expect(page.list.find((r) => r.customerName === `${TAG}乙`)!.customerPhone).toBe('13787654321');
    // A phone keyword finds what the console reads and cannot reveal hidden digits.
    expect(namesOf(await list({ keyword: '87654321' }))).toEqual([`${TAG}乙`]);
    expect(namesOf(await list({ keyword: '12345678' }))).toEqual([]);
    expect(namesOf(await list({ keyword: '137****5678' }))).toEqual([`${TAG}甲`]);
  });

  it('narrows by each filter', async () => {
    const [h1, h2] = ids.houses as [number, number];
    expect(namesOf(await list({ status: 'VISIT' }))).toEqual([`${TAG}乙`]);
    expect(namesOf(await list({ status: 'RECORDCLOSE' }))).toEqual([`${TAG}丙`]);
    expect(namesOf(await list({ houseId: h1 }))).toEqual([`${TAG}甲`, `${TAG}丙`].sort());
    expect(namesOf(await list({ houseId: h2 }))).toEqual([`${TAG}乙`, `${TAG}丁`].sort());
    expect(namesOf(await list({ distributorId: ids.distB }))).toEqual([`${TAG}丙`, `${TAG}丁`].sort());
    expect(namesOf(await list({ reporterId: ids.brokerA }))).toEqual([`${TAG}甲`, `${TAG}乙`].sort());
    expect(namesOf(await list({ auditorId: ids.second }))).toEqual([`${TAG}丙`]);
    expect(namesOf(await list({ datePreset: 1 }))).toEqual([`${TAG}甲`, `${TAG}乙`, `${TAG}丙`].sort());
    expect(namesOf(await list({ datePreset: 7 }))).toHaveLength(4);
    const day = formatShanghaiMinute(new Date(Date.now() - 40 * 24 * 3600_000)).slice(0, 10);
    expect(namesOf(await list({ datePreset: 99, dateFrom: day, dateTo: day }))).toEqual([`${TAG}丁`]);
    expect(namesOf(await list({ dateFrom: day, dateTo: day }))).toEqual([`${TAG}丁`]);
    // Filters combine.
    const both = await list({ houseId: h2, reporterId: ids.brokerB });
    expect(namesOf(both)).toEqual([`${TAG}丁`]);
    expect(both.total).toBe(1);
  });

  it('counts a filter of record_tally’s keys from the tally, equal to the reports', async () => {
    const count = async (where: ReturnType<typeof sql>) => (await one<{ n: number }>(sql`select count(*)::int as n from record where company_id = ${companyA} and ${where}`)).n;
    const total = async (query: Record<string, string | number>) => (await list({ keyword: '', pageSize: 1, ...query })).total;
    expect(await total({})).toBe(await count(sql`true`));
    expect(await total({ status: 'RECORDSTART' })).toBe(await count(sql`status = 'RECORDSTART'`));
    expect(await total({ auditorId: ids.auditor })).toBe(await count(sql`auditor_id = ${ids.auditor}`));
    expect(await total({ distributorId: ids.distB, status: 'RECORDCLOSE' })).toBe(await count(sql`distributor_id = ${ids.distB} and status = 'RECORDCLOSE'`));
    expect(await total({ reporterId: ids.brokerA })).toBe(await count(sql`reporter_id = ${ids.brokerA}`));
    expect(await total({ houseId: ids.houses[0]! })).toBe(await count(sql`house_id = ${ids.houses[0]!}`));
    // Whole days of the company, a distributor or an auditor: record_day_tally (migration 0020).
    const days = async (preset: number) => {
      const range = presetRange(preset)!;
      return sql`created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}`;
    };
    for (const preset of [1, 6, 7]) {
      expect(await total({ datePreset: preset })).toBe(await count(await days(preset)));
      expect(await total({ datePreset: preset, status: 'RECORDSTART' })).toBe(await count(sql`${await days(preset)} and status = 'RECORDSTART'`));
      expect(await total({ datePreset: preset, auditorId: ids.auditor })).toBe(await count(sql`${await days(preset)} and auditor_id = ${ids.auditor}`));
      expect(await total({ datePreset: preset, distributorId: ids.distB })).toBe(await count(sql`${await days(preset)} and distributor_id = ${ids.distB}`));
      expect(await total({ datePreset: preset, reporterId: ids.brokerA })).toBe(await count(sql`${await days(preset)} and reporter_id = ${ids.brokerA}`));
    }
    expect(await total({ datePreset: 7 })).toBeGreaterThan(0);
  });

  it('pages', async () => {
    const first = await list({ pageSize: 3, page: 1 });
    const second = await list({ pageSize: 3, page: 2 });
    expect(first.list).toHaveLength(3);
    expect(second.list).toHaveLength(1);
    expect(first.total).toBe(4);
    expect(new Set([...first.list, ...second.list].map((r) => r.id)).size).toBe(4);
  });

  it('refuses bad filters with a Chinese message and its field', async () => {
    const bad = async (qs: string, msg: string, field: string) => {
      const res = await get(`/api/admin/record/list?${qs}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect(res.json().data).toEqual({ field });
    };
    await bad('datePreset=3', adminRecordMessages.datePresetInvalid, 'datePreset');
    await bad('datePreset=99&dateFrom=2026-01-01', adminRecordMessages.dateRangeIncomplete, 'dateTo');
    await bad('dateFrom=2026-02-01&dateTo=2026-01-01', adminRecordMessages.dateRangeReversed, 'dateTo');
    await bad('status=NOPE', '报备状态格式不正确', 'status');
    await bad('dateFrom=2026-02-30&dateTo=2026-03-01', '开始日期格式不正确', 'dateFrom');
  });

  it('shows nothing of another company, and refuses a mobile token', async () => {
    const other = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    const res = await get(`/api/admin/record/list?keyword=${encodeURIComponent(TAG)}`, other, HOSTS.second);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(0);
    const mobile = await get('/api/admin/record/list', await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin));
    expect(mobile.statusCode).toBe(403);
  });
});

describe('保护期 in the table, its filter and the export (issue 28, item 4)', () => {
  const P = '保护客';
  const HOUR = 3600_000;
  const minute = (at: Date) => formatShanghaiMinute(at);

  it('shows each report’s protection as 保护中, 即将到期 or 已过期 with its time, filters by it and exports it', async () => {
    const [h1, h2] = ids.houses as [number, number];
    const { hours: warningHours } = await one<{ hours: number }>(sql`select protection_warning_hours as hours from company where id = ${companyA}`);
    const { hours: lookHours } = await one<{ hours: number }>(sql`select take_look_protect_hours as hours from house where id = ${h2}`);
    const now = Date.now();
    const base = { reporter: ids.brokerA, distributor: ids.distA, auditor: ids.auditor };
    const set = (id: number, fields: ReturnType<typeof sql>) => t.database.db.execute(sql`update record set ${fields} where id = ${id}`);
    // Waiting, due well after the warning: 保护中.
    const safe = await report(`${P}甲`, { ...base, house: h1, phone: '13755550001' });
    const safeDue = new Date(now + (warningHours + 5) * HOUR);
    await set(safe, sql`protect_until = ${safeDue.toISOString()}`);
    // Waiting, due within the warning hours: 即将到期 (both reports of the expiry story read 待处理 in the status).
    const soon = await report(`${P}乙`, { ...base, house: h1, phone: '13755550002' });
    const soonDue = new Date(now + HOUR);
    await set(soon, sql`protect_until = ${soonDue.toISOString()}`);
    // Ended by the job: 已过期, at the stored time.
    const ended = await report(`${P}丙`, { ...base, house: h1, phone: '13755550003' });
    const endedAt = new Date(now - 2 * HOUR);
    await set(ended, sql`protect_until = ${endedAt.toISOString()}, protection_expired_at = ${endedAt.toISOString()}`);
    // Visited: the viewing protection, from the visit (not the report's protect_until).
    const visited = await report(`${P}丁`, { ...base, house: h2, status: 'VISIT', phone: '13755550004' });
    const visitAt = new Date(now - HOUR);
    await set(visited, sql`visit_time = ${visitAt.toISOString()}, protect_until = ${new Date(now - 3 * HOUR).toISOString()}`);
    const visitDue = new Date(visitAt.getTime() + lookHours * HOUR);
    // A deal: time never ends it, no state.
    await report(`${P}戊`, { ...base, house: h1, status: 'MAKEBARGAIN', phone: '13755550005' });

    const page = await get(`/api/admin/record/list?keyword=${encodeURIComponent(P)}&pageSize=100`);
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json().data.list as { customerName: string; status: string; protection: { state: string; stateText: string; until: string } | null }[];
    const byName = Object.fromEntries(rows.map((r) => [r.customerName.slice(P.length), r.protection]));
    const visitState = visitDue.getTime() - warningHours * HOUR <= now ? 'EXPIRING' : 'PROTECTED';
    expect(byName).toEqual({
      甲: { state: 'PROTECTED', stateText: '保护中', until: minute(safeDue) },
      乙: { state: 'EXPIRING', stateText: '即将到期', until: minute(soonDue) },
      丙: { state: 'EXPIRED', stateText: '已过期', until: minute(endedAt) },
      丁: { state: visitState, stateText: adminRecordMessages.protectionState[visitState], until: minute(visitDue) },
      戊: null,
    });
    // The expired report and the live ones read the same status; only the column tells them apart.
    expect(rows.find((r) => r.customerName === `${P}丙`)!.status).toBe('RECORDSTART');

    const names = async (protection: string) => {
      const res = await list({ keyword: P, protection });
      return { names: namesOf(res).map((n) => n.slice(P.length)), total: res.total };
    };
    expect(await names('PROTECTED')).toEqual({ names: visitState === 'PROTECTED' ? ['丁', '甲'].sort() : ['甲'], total: visitState === 'PROTECTED' ? 2 : 1 });
    expect(await names('EXPIRING')).toEqual({ names: visitState === 'EXPIRING' ? ['乙', '丁'].sort() : ['乙'], total: visitState === 'EXPIRING' ? 2 : 1 });
    expect(await names('EXPIRED')).toEqual({ names: ['丙'], total: 1 });
    // The filter combines with the others and its total is counted, not taken from the tally.
    expect((await list({ keyword: '', protection: 'EXPIRED', pageSize: 1 })).total).toBe(
      (await one<{ n: number }>(sql`select count(*)::int as n from record where company_id = ${companyA} and protection_expired_at is not null
        and status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT')`)).n,
    );
    expect((await list({ keyword: P, protection: 'EXPIRED', status: 'VISIT' })).total).toBe(0);
    const bad = await get('/api/admin/record/list?protection=SOON');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('保护期格式不正确');

    // The export of the same filter carries both columns, as the table reads them.
    const file = await get(`/api/admin/export/records?keyword=${encodeURIComponent(P)}`);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const stateCol = header.indexOf('保护期') + 1;
    const untilCol = header.indexOf('保护期至') + 1;
    expect(stateCol).toBeGreaterThan(0);
    expect(untilCol).toBe(stateCol + 1);
    const cells: Record<string, [unknown, string]> = {};
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const until = row.getCell(untilCol).value;
      cells[String(row.getCell(2).value).slice(P.length)] = [row.getCell(stateCol).value ?? '', until instanceof Date ? until.toISOString().slice(0, 16).replace('T', ' ') : ''];
    });
    expect(cells).toEqual({
      甲: ['保护中', minute(safeDue)],
      乙: ['即将到期', minute(soonDue)],
      丙: ['已过期', minute(endedAt)],
      丁: [adminRecordMessages.protectionState[visitState], minute(visitDue)],
      戊: ['', ''],
    });
  });
});

describe('GET /api/admin/record/get', () => {
  it('answers the report with its history, images and dynamics', async () => {
    const id = made[`${TAG}甲`]!;
    await t.database.db.execute(sql`insert into record_dynamic (record_id, user_id, user_name, remark) values (${id}, ${ids.brokerA}, '张经纪', '客户周末再来')`);
    const res = await get(`/api/admin/record/get?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id, customerName: `${TAG}甲`, customerPhone: '137****5678', status: 'RECORDSTART', auditorId: ids.auditor, reopenTo: null });
    expect(d.history.map((h: { status: string }) => h.status)).toEqual(['RECORDSTART']);
    expect(d.dynamics).toEqual([expect.objectContaining({ userName: '张经纪', remark: '客户周末再来' })]);
    expect(d.images).toEqual([]);
  });

  it('is 404 for another company’s report, 403 for a mobile token, 400 without an id', async () => {
    const res = await get(`/api/admin/record/get?id=${ids.foreignReport}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(adminRecordMessages.notFound);
    expect((await get(`/api/admin/record/get?id=${made[`${TAG}甲`]}`, await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin))).statusCode).toBe(403);
    expect((await get('/api/admin/record/get')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/record/options', () => {
  it('offers the company’s auditors with their state, and finds by name', async () => {
    const res = await get('/api/admin/record/options?kind=auditor');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().data as { value: number; label: string; disabled: boolean }[];
    expect(options.find((o) => o.value === ids.second)).toMatchObject({ label: '表测审核 13700009901', disabled: false });
    expect(options.find((o) => o.value === ids.vacationer)?.disabled).toBe(true);
    // The auditor admin audits too: offered (the filter's 审核员 and 更换审核员 share this list), brokers not.
    const admin = await idOf(DEMO_ACCOUNTS.auditorAdmin);
    expect(options.find((o) => o.value === admin)).toMatchObject({ label: `黄建华 ${DEMO_ACCOUNTS.auditorAdmin}`, disabled: false });
    expect(options.map((o) => o.value)).not.toContain(ids.brokerA);
    const named = await get(`/api/admin/record/options?kind=broker&keyword=${DEMO_ACCOUNTS.otherBroker}`);
    expect(named.json().data.map((o: { value: number }) => o.value)).toEqual([ids.brokerB]);
    const houses = await get('/api/admin/record/options?kind=house');
    expect(houses.json().data.map((o: { value: number }) => o.value)).toEqual(expect.arrayContaining(ids.houses));
    expect((await get('/api/admin/record/options?kind=other')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/record/reassign', () => {
  it('gives the report to another auditor: counts, version, history and audit row', async () => {
    const id = made[`${TAG}甲`]!;
    const before = await recordState(id);
    const [fromOpen, toOpen] = [await openCount(ids.auditor), await openCount(ids.second)];
    const res = await post('/api/admin/record/reassign', { id, auditorId: ids.second, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(adminRecordMessages.reassigned);
    expect(res.json().data).toMatchObject({ id, auditorId: ids.second, auditorName: '表测审核', version: before.version + 1, status: 'RECORDSTART' });
    expect(await openCount(ids.auditor)).toBe(fromOpen - 1);
    expect(await openCount(ids.second)).toBe(toOpen + 1);
    const [row] = await audits(id, 'record.reassign');
    expect(row).toMatchObject({ companyId: companyA, detail: expect.objectContaining({ changes: { auditorId: { old: ids.auditor, new: ids.second } }, version: before.version + 1 }) });
    const detail = (await get(`/api/admin/record/get?id=${id}`)).json().data;
    expect(detail.history.at(-1)).toMatchObject({ status: 'RECORDSTART', approvalResult: adminRecordMessages.reassignNote('李晓婷', '表测审核') });
    // The new auditor sees it in the app's list; the old one no longer does.
    const mobile = await t.postAs('/api/record/get-record-list', '13700009901', { keyword: TAG });
    expect(mobile.json().data.list.map((r: { id: number }) => r.id)).toContain(id);
    const old = await t.postAs('/api/record/get-record-list', DEMO_ACCOUNTS.auditor, { keyword: TAG });
    expect(old.json().data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    // The report arrives in the new auditor's 消息 as a submitted one does (decision 054), in the same transaction.
    const arrived = await queryRows<{ user_id: number; kind: string }>(t.database.db, sql`select user_id, kind from message where record_id = ${id} and kind = 'RECORD_NEW'`);
    expect(arrived.filter((m) => m.user_id === ids.second)).toHaveLength(1);
  });

  it('gives the report to the auditor admin, who audits too, and back to an auditor (issue 28, item 9)', async () => {
    const [h1] = ids.houses as [number];
    const id = await report('换审管理客', { house: h1, reporter: ids.brokerA, distributor: ids.distA, auditor: ids.auditor });
    const admin = await idOf(DEMO_ACCOUNTS.auditorAdmin);
    const before = await recordState(id);
    const toAdmin = await post('/api/admin/record/reassign', { id, auditorId: admin, version: before.version });
    expect(toAdmin.statusCode, toAdmin.body).toBe(200);
    expect(toAdmin.json().data).toMatchObject({ id, auditorId: admin, auditorName: '黄建华', version: before.version + 1 });
    expect(await recordState(id)).toMatchObject({ auditorId: admin, status: 'RECORDSTART' });
    // Back from the admin: the history names the admin as the one it leaves.
    const back = await post('/api/admin/record/reassign', { id, auditorId: ids.auditor, version: before.version + 1 });
    expect(back.statusCode, back.body).toBe(200);
    const detail = (await get(`/api/admin/record/get?id=${id}`)).json().data;
    expect(detail.history.at(-1)).toMatchObject({ approvalResult: adminRecordMessages.reassignNote('黄建华', '李晓婷') });
  });

  it('a stale version is 409 with reload, and changes nothing', async () => {
    const id = made[`${TAG}乙`]!;
    const before = await recordState(id);
    const res = await post('/api/admin/record/reassign', { id, auditorId: ids.second, version: before.version + 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: adminRecordMessages.stale, data: { reload: true, version: before.version } });
    expect(await recordState(id)).toEqual(before);
    expect(await audits(id, 'record.reassign')).toEqual([]);
    expect(await queryRows(t.database.db, sql`select 1 from message where record_id = ${id} and user_id = ${ids.second}`)).toEqual([]);
  });

  it('refuses an auditor on vacation, the same auditor, a non-auditor and another company’s auditor, changing nothing', async () => {
    const id = made[`${TAG}乙`]!;
    const before = await recordState(id);
    const refuse = async (auditorId: number, msg: string) => {
      const res = await post('/api/admin/record/reassign', { id, auditorId, version: before.version });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    };
    await refuse(ids.vacationer, adminRecordMessages.auditorOnVacation);
    await refuse(ids.auditor, adminRecordMessages.sameAuditor);
    await refuse(ids.brokerA, adminRecordMessages.auditorNotFound);
    await refuse(await idOf('13900000006', companyB), adminRecordMessages.auditorNotFound);
    expect(await recordState(id)).toEqual(before);
    expect(await audits(id, 'record.reassign')).toEqual([]);
  });

  it('is 404 for another company’s report and 403 for a mobile token', async () => {
    const res = await post('/api/admin/record/reassign', { id: ids.foreignReport, auditorId: ids.second, version: 1 });
    expect(res.statusCode).toBe(404);
    const mobile = await post('/api/admin/record/reassign', { id: made[`${TAG}乙`], auditorId: ids.second, version: 1 }, await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin));
    expect(mobile.statusCode).toBe(403);
  });
});

describe('POST /api/admin/record/reopen', () => {
  it('moves a closed report back to the status before its close', async () => {
    const id = made[`${TAG}丙`]!;
    await t.database.db.insert(recordApproval).values([
      { recordId: id, status: 'RECORDCOMPLETE', userName: '李晓婷' },
      { recordId: id, status: 'RECORDCLOSE', userName: '李晓婷' },
    ]);
    const detail = (await get(`/api/admin/record/get?id=${id}`)).json().data;
    expect(detail.reopenTo).toBe('RECORDCOMPLETE');
    const openBefore = await openCount(ids.second);
    const res = await post('/api/admin/record/reopen', { id, version: detail.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: adminRecordMessages.reopened, data: { status: 'RECORDCOMPLETE', version: detail.version + 1 } });
    expect(await openCount(ids.second)).toBe(openBefore + 1);
    const [row] = await audits(id, 'record.reopen');
    expect(row?.detail).toMatchObject({ from: 'RECORDCLOSE', to: 'RECORDCOMPLETE' });
    const after = (await get(`/api/admin/record/get?id=${id}`)).json().data;
    expect(after.history.at(-1)).toMatchObject({ status: 'RECORDCOMPLETE', approvalResult: adminRecordMessages.reopenNote('报备无效', '已发开发商') });
    expect(after.reopenTo).toBeNull();
  });

  it('refuses an open report with a Chinese message and changes nothing', async () => {
    const id = made[`${TAG}乙`]!;
    const before = await recordState(id);
    const res = await post('/api/admin/record/reopen', { id, version: before.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(adminRecordMessages.notClosed);
    expect(await recordState(id)).toEqual(before);
    expect(await audits(id, 'record.reopen')).toEqual([]);
  });

  it('a stale version is 409 and changes nothing; another company’s report is 404', async () => {
    const id = made[`${TAG}丁`]!;
    await t.database.db.execute(sql`update record set status = 'RECORDCLOSE' where id = ${id}`);
    const before = await recordState(id);
    const res = await post('/api/admin/record/reopen', { id, version: before.version + 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ reload: true, version: before.version });
    expect(await recordState(id)).toEqual(before);
    expect((await post('/api/admin/record/reopen', { id: ids.foreignReport, version: 1 })).statusCode).toBe(404);
    expect((await post('/api/admin/record/reopen', { id, version: before.version }, await t.tokenOf(DEMO_ACCOUNTS.broker))).statusCode).toBe(403);
  });
});
