import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminAccessLogMessages as text_ } from '@baobei/shared/messages/admin/access-log';
import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { queryRows } from '../../db/client';
import { customer, house, piiAccessLog } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 33, item 2 (docs/decisions/092): every answer that carries a customer's full number
 * writes one access-log row per customer shown, in the same request, with the account and the
 * route; masked numbers write none; the log refuses changes; the console reads and exports it
 * by the customer's phone (through the same keyed hash), the account and the days.
 */
let t: TestApp;
let cid = 0;
let broker = 0;
const FULL_A = '16677710001';
const FULL_B = '16677710002';
const MASKED_C = '166****0003';
const ids = {} as Record<'a' | 'b' | 'c' | 'customer', number>;
let fullHouse = 0;
const tokens = {} as Record<'broker' | 'channel' | 'auditorAdmin' | 'admin' | 'readonly' | 'content' | 'finance' | 'other', string>;
let ip = 0;

type Res = LightMyRequestResponse;
const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object, host: string = HOSTS.localhost): Promise<Res> =>
  t.call({ method, url, host, remoteAddress: `10.98.${(++ip >> 8) & 255}.${ip & 255}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

const lastId = async () => Number((await queryRows<{ id: string }>(t.database.db, sql`select coalesce(max(id), 0)::text as id from pii_access_log`))[0]!.id);
const rowsAfter = (id: number) => t.database.db.select().from(piiAccessLog).where(gt(piiAccessLog.id, id)).orderBy(asc(piiAccessLog.id));

/** Calls and answers with the access-log rows the call wrote. */
async function logged(send: () => Promise<Res>) {
  const before = await lastId();
  const res = await send();
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: await rowsAfter(before) };
}

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  broker = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  const auditorId = await userIdOf(t, cid, DEMO_ACCOUNTS.auditor);
  const [masked, full] = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, cid)).orderBy(asc(house.id)).limit(2);
  fullHouse = full!.id;
  await t.database.db.update(house).set({ ruleTel: 'MASKED' }).where(eq(house.id, masked!.id));
  await t.database.db.update(house).set({ ruleTel: 'FULL' }).where(eq(house.id, fullHouse));
  const common = { status: 'RECORDCOMPLETE' as const, reporterId: broker, auditorId };
  ids.a = (await insertReport(t, cid, { ...common, houseId: fullHouse, customerName: '隐私甲', customerPhone: FULL_A, customerPhoneMasked: '166****0001' })).id;
  ids.b = (await insertReport(t, cid, { ...common, houseId: masked!.id, customerName: '隐私乙', customerPhone: FULL_B, customerPhoneMasked: '166****0002' })).id;
  ids.c = (await insertReport(t, cid, { ...common, houseId: masked!.id, customerName: '隐私丙', customerPhone: MASKED_C, customerPhoneMasked: MASKED_C })).id;
  const [c] = await t.database.db.insert(customer).values({ companyId: cid, ownerId: broker, name: '隐私丁', phone: FULL_A, anchor: 'Y' }).returning({ id: customer.id });
  ids.customer = c!.id;
  tokens.broker = await t.login(DEMO_ACCOUNTS.broker);
  tokens.channel = await t.login(DEMO_ACCOUNTS.channel);
  tokens.auditorAdmin = await t.login(DEMO_ACCOUNTS.auditorAdmin);
  const sessionOf = async (phone: string, host: string = HOSTS.localhost) => {
    const companyId = await t.companyIdOf(host);
    return createSessionRepository(t.database.db).create(await userIdOf(t, companyId, phone), companyId);
  };
  tokens.admin = await sessionOf(CONSOLE_ACCOUNTS.operator);
  tokens.readonly = await sessionOf(CONSOLE_ACCOUNTS.readonlyOperator);
  tokens.content = await sessionOf(CONSOLE_ACCOUNTS.contentOperator);
  tokens.finance = await sessionOf(CONSOLE_ACCOUNTS.financeOperator);
  tokens.other = await sessionOf(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const listBody = { keyword: '隐私', approvalStatus: '', searchDate: [] };
const fullPhonesOf = (phones: string[]) => phones.filter(isMainlandPhone).length;

describe('the mobile answers log the full numbers they show', () => {
  it('get-record-list: one row per full number shown, the broker and the route; the masked one none', async () => {
    const { res, rows } = await logged(() => call('POST', '/api/record/get-record-list?page=1&pageSize=50', tokens.broker, listBody));
    const list = res.json().data.list as { id: number; customerInfo: { phone: string } }[];
    expect(list.map((r) => r.id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    expect(rows.map((r) => r.recordId).sort()).toEqual([ids.a, ids.b].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ companyId: cid, userId: broker, actor: 'USER', route: '/api/record/get-record-list' });
      expect(row.phoneKey).not.toContain('1667771');
    }
    expect(rows.find((r) => r.recordId === ids.a)!.phoneMasked).toBe('166****0001');
  });

  it('a channel user reads a MASKED listing’s number hidden: only the FULL listing’s report is logged', async () => {
    const { res, rows } = await logged(() => call('POST', '/api/record/get-record-list?page=1&pageSize=50', tokens.channel, listBody));
    const list = res.json().data.list as { id: number; customerInfo: { phone: string } }[];
    expect(list.find((r) => r.id === ids.b)?.customerInfo.phone).toBe('166****0002');
    expect(rows.map((r) => r.recordId)).toEqual([ids.a]);
    expect(rows[0]!.userId).toBe(await userIdOf(t, cid, DEMO_ACCOUNTS.channel));
  });

  it('get-record-data and get-record-audit-data: one row each; a report entered masked: none', async () => {
    const detail = await logged(() => call('POST', '/api/record/get-record-data', tokens.broker, { id: ids.a }));
    expect(detail.rows).toMatchObject([{ recordId: ids.a, userId: broker, route: '/api/record/get-record-data' }]);
    const audit = await logged(() => call('POST', '/api/record/get-record-audit-data', tokens.auditorAdmin, { id: ids.b }));
    expect(audit.rows).toMatchObject([{ recordId: ids.b, route: '/api/record/get-record-audit-data' }]);
    expect((await logged(() => call('POST', '/api/record/get-record-data', tokens.broker, { id: ids.c }))).rows).toEqual([]);
  });

  it('a refused read writes nothing', async () => {
    const before = await lastId();
    const res = await call('POST', '/api/record/get-record-data', tokens.broker, { id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(await rowsAfter(before)).toEqual([]);
  });

  it('the external arrival list of a FULL listing logs as EXTERNAL, one row per report shown', async () => {
    const link = await call('POST', '/api/record/get-report-auto-link', tokens.auditorAdmin, { houseId: fullHouse });
    const sign = new URL(link.json().data.path, 'http://x').searchParams.get('sign')!;
    const { res, rows } = await logged(() =>
      call('POST', '/api/record/get-report-auto-list?page=1&pageSize=50', undefined, { houseId: fullHouse, sign, state: 'WAITING' }),
    );
    const list = res.json().data.list as { id: number; customerPhone: string }[];
    expect(list.some((r) => r.id === ids.a)).toBe(true);
    expect(rows).toHaveLength(fullPhonesOf(list.map((r) => r.customerPhone)));
    expect(rows.every((r) => r.actor === 'EXTERNAL' && r.userId === null && r.route === '/api/record/get-report-auto-list')).toBe(true);
  });

  it('the customer list and the customer’s page: one row per customer with its id', async () => {
    const list = await logged(() => call('POST', '/api/record/get-customer-list', tokens.broker, { keyword: '隐私丁' }));
    const shown = (list.res.json().data as { list: { id: number; phone: string }[] }[]).flatMap((g) => g.list);
    expect(shown.map((c) => c.id)).toEqual([ids.customer]);
    expect(list.rows).toMatchObject([{ customerId: ids.customer, recordId: null, userId: broker, route: '/api/record/get-customer-list' }]);
    const page = await logged(() => call('POST', '/api/record/get-customer-detail', tokens.broker, { id: ids.customer }));
    expect(page.rows).toMatchObject([{ customerId: ids.customer, route: '/api/record/get-customer-detail' }]);
  });
});

describe('the console’s answers log too', () => {
  it('the report table and its drawer', async () => {
    const table = await logged(() => call('GET', `/api/admin/record/list?keyword=${encodeURIComponent('隐私')}&pageSize=50`, tokens.admin));
    const list = table.res.json().data.list as { id: number; customerPhone: string }[];
    expect(list).toHaveLength(3);
    expect(table.rows.map((r) => r.recordId).sort()).toEqual(list.filter((r) => isMainlandPhone(r.customerPhone)).map((r) => r.id).sort());
    expect(table.rows.length).toBeGreaterThan(0);
    const drawer = await logged(() => call('GET', `/api/admin/record/get?id=${ids.a}`, tokens.admin));
    expect(drawer.rows).toMatchObject([{ recordId: ids.a, route: '/api/admin/record/get', userId: await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator) }]);
  });

  it('the report export logs every full number it writes', async () => {
    const { res, rows } = await logged(() => call('GET', `/api/admin/export/records?keyword=${encodeURIComponent('隐私')}`, tokens.admin));
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('3');
    // The console reads a MASKED listing's number hidden (decision 019): only the FULL listing's is written.
    expect(rows.map((r) => r.recordId)).toEqual([ids.a]);
    expect(rows.every((r) => r.route === '/api/admin/export/records')).toBe(true);
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE and DELETE', async () => {
    await expect(t.database.db.update(piiAccessLog).set({ route: 'x' }).where(eq(piiAccessLog.companyId, cid))).rejects.toThrow();
    await expect(t.database.db.delete(piiAccessLog).where(eq(piiAccessLog.companyId, cid))).rejects.toThrow();
    expect((await t.database.db.select().from(piiAccessLog).where(and(eq(piiAccessLog.companyId, cid), eq(piiAccessLog.route, 'x')))).length).toBe(0);
  });
});

describe('访问日志 in the console', () => {
  const list = (query: string, token = tokens.admin, host?: string) => call('GET', `/api/admin/access-log/list?${query}`, token, undefined, host);

  it('filters by the customer’s whole phone, by the account and by days', async () => {
    const byPhone = await list(`phone=${FULL_A}&pageSize=100`);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const items = byPhone.json().data.list as { phoneMasked: string; recordId: number | null; customerId: number | null; routeLabel: string; userName: string }[];
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.every((i) => i.phoneMasked === '166****0001')).toBe(true);
    expect(JSON.stringify(byPhone.json())).not.toContain(FULL_A);
    expect(items.some((i) => i.customerId === ids.customer)).toBe(true);
    expect(items.some((i) => i.userName === text_.external && i.routeLabel === text_.routes['/api/record/get-report-auto-list'])).toBe(true);

    const byUser = (await list(`userId=${broker}&pageSize=100`)).json().data.list as { userId: number }[];
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((i) => i.userId === broker)).toBe(true);

    expect((await list(`phone=${FULL_A}&dateFrom=2020-01-01&dateTo=2020-01-31`)).json().data.list).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await list(`phone=${FULL_A}&dateFrom=${today}&dateTo=${today}`)).json().data.list.length).toBe(items.length);
  });

  it('pages by cursor, newest first', async () => {
    const first = (await list(`phone=${FULL_A}&pageSize=2`)).json().data;
    expect(first.list).toHaveLength(2);
    const second = (await list(`phone=${FULL_A}&pageSize=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json().data;
    expect(second.list[0].id).toBeLessThan(first.list[1].id);
  });

  it('refuses a partial phone with a Chinese message', async () => {
    const res = await list('phone=1667771');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(text_.phoneInvalid);
  });

  it('只读 reads; 内容 and 财务 are refused; another company reads none of these rows', async () => {
    expect((await list(`phone=${FULL_A}`, tokens.readonly)).statusCode).toBe(200);
    for (const token of [tokens.content, tokens.finance]) {
      const res = await list(`phone=${FULL_A}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.common.forbidden);
    }
    const other = await list(`phone=${FULL_A}`, tokens.other, HOSTS.second);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.list).toEqual([]);
    // A token of one company is refused on another's host.
    expect((await list(`phone=${FULL_A}`, tokens.other)).statusCode).toBe(401);
  });

  it('exports the selection (运营管理员 only), audited without the whole number', async () => {
    const count = (await list(`phone=${FULL_A}&pageSize=100`)).json().data.list.length;
    const res = await call('GET', `/api/admin/access-log/export?phone=${FULL_A}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe(String(count));
    const [audit] = await queryRows<{ detail: { filter: { phone: string }; rows: number } }>(
      t.database.db,
      sql`select detail from audit_log where company_id = ${cid} and action = 'export.access-log' order by id desc limit 1`,
    );
    const detail = audit!.detail;
    expect(detail).toMatchObject({ filter: { phone: '166****0001' }, rows: count });
    const viewer = await call('GET', `/api/admin/access-log/export?phone=${FULL_A}`, tokens.readonly);
    expect(viewer.statusCode).toBe(403);
  });
});
