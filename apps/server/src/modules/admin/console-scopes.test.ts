import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages as accountText } from '@baobei/shared/messages/admin';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog, commissionPayment, house, recordDeal, user } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 30, item 8 (docs/decisions/081): an operator's console scope decides which console calls
 * it may make. 财务 is refused on listings, 内容 on payments, 只读 on every change and on exports;
 * only 运营管理员 (and the platform administrator) manage operators and their scopes.
 */
let t: TestApp;
let cid = 0;
let admin = '';
let platformAdmin = '';
let finance = '';
let content = '';
let readonly = '';
let cityId = 0;
let houseId = 0;
let ip = 0;
let phoneSeq = 0;
const freshPhone = () => `1776${String(++phoneSeq).padStart(7, '0')}`;
const today = shanghaiDay(new Date());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, host: HOSTS.localhost, remoteAddress: `10.97.${(++ip >> 8) & 255}.${ip & 255}`, ...(payload ? { payload } : {}) });
const get = (url: string, token: string) => call('GET', url, token);
const post = (url: string, token: string, payload: object) => call('POST', url, token, payload);
const sessionOf = async (phone: string) => createSessionRepository(t.database.db).create(await userIdOf(t, cid, phone), cid);

/** A 成交 report with a deal and nothing paid yet, as the deal service leaves it. */
async function reportWithDeal(): Promise<number> {
  const auditorId = await userIdOf(t, cid, DEMO_ACCOUNTS.auditor);
  const r = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId: await userIdOf(t, cid, DEMO_ACCOUNTS.broker), auditorId });
  await t.database.db.insert(recordDeal).values({
    recordId: r.id,
    companyId: cid,
    building: '3栋',
    room: '1801',
    floorArea: 98,
    totalPriceFen: 150_000_000,
    signedOn: today,
    contractPicture: '/uploads/2026/11/contract-scope.png',
    propertyType: 'RESIDENCE',
    policyId: null,
    policySnapshot: { id: 1, policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '3%', secondaryAward: '', basis: '成交总价的 3%', notes: [] },
    baseFen: 4_500_000,
    incentiveFen: 0,
    commissionFen: 4_500_000,
    paidFen: 0,
    settlementState: 'PENDING',
    createdBy: auditorId,
  });
  return r.id;
}
const payments = async (recordId: number) =>
  (
    await t.database.db
      .select({ id: commissionPayment.id })
      .from(commissionPayment)
      .innerJoin(recordDeal, eq(recordDeal.id, commissionPayment.dealId))
      .where(eq(recordDeal.recordId, recordId))
  ).length;
const housesNamed = async (name: string) => (await t.database.db.select({ id: house.id }).from(house).where(and(eq(house.companyId, cid), eq(house.name, name)))).length;
const payment = (id: number, reference: string) => ({ id, amount: '100', paidOn: today, reference });

function expectRefused(res: { statusCode: number; json: () => { message: string } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(messages.common.forbidden);
}

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  admin = await sessionOf(CONSOLE_ACCOUNTS.operator);
  platformAdmin = await sessionOf(CONSOLE_ACCOUNTS.platformAdmin);
  finance = await sessionOf(CONSOLE_ACCOUNTS.financeOperator);
  content = await sessionOf(CONSOLE_ACCOUNTS.contentOperator);
  readonly = await sessionOf(CONSOLE_ACCOUNTS.readonlyOperator);
  const [city] = await queryRows<{ id: number }>(t.database.db, sql`select id from city where company_id = ${cid} and parent_id is not null order by id limit 1`);
  cityId = city!.id;
  const [row] = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, cid)).orderBy(asc(house.id)).limit(1);
  houseId = row!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the console sign-in carries the scope', () => {
  it('sign and me answer the account’s scope; the platform administrator is 运营管理员', async () => {
    const signed = await t.call({ method: 'POST', url: '/api/admin/auth/sign', remoteAddress: '10.97.200.1', payload: { phone: CONSOLE_ACCOUNTS.financeOperator, password: '123456' } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.user.consoleScope).toBe('FINANCE');
    const scopeOf = async (token: string) => (await get('/api/admin/auth/me', token)).json().data.user.consoleScope;
    expect(await scopeOf(admin)).toBe('ADMIN');
    expect(await scopeOf(platformAdmin)).toBe('ADMIN');
    expect(await scopeOf(content)).toBe('CONTENT');
    expect(await scopeOf(readonly)).toBe('READONLY');
  });
});

describe('财务 (FINANCE)', () => {
  it('is refused on listings: create, update and the list; nothing is created', async () => {
    expectRefused(await post('/api/admin/house/create', finance, { name: '财务不能建的楼盘', cityId }));
    expect(await housesNamed('财务不能建的楼盘')).toBe(0);
    expectRefused(await post('/api/admin/house/update', finance, { id: houseId, version: 1, name: '财务改名' }));
    expectRefused(await get('/api/admin/house/list', finance));
    expectRefused(await post('/api/admin/home/banner/create', finance, { image: '/assets/x.png', title: '财务' }));
  });

  it('records a payment, reads reports and distributors, and exports', async () => {
    const id = await reportWithDeal();
    const paid = await post('/api/admin/deal/add-payment', finance, payment(id, 'FIN-1'));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payments(id)).toBe(1);
    expect((await get('/api/admin/record/list', finance)).statusCode).toBe(200);
    expect((await get('/api/admin/distributor/list', finance)).statusCode).toBe(200);
    expect((await get('/api/admin/deal/summary?dateType=0', finance)).statusCode).toBe(200);
    const exported = await get('/api/admin/export/payments?dateType=0', finance);
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    // Reads only: reports are reassigned, distributors changed by others.
    expectRefused(await post('/api/admin/record/reassign', finance, { id, version: 1, auditorId: 1 }));
    expectRefused(await post('/api/admin/distributor/create', finance, { name: '财务' }));
    expectRefused(await get('/api/admin/account/list?group=operator', finance));
  });
});

describe('内容 (CONTENT)', () => {
  it('is refused on payments: add, reverse, correct a deal; nothing is paid', async () => {
    const id = await reportWithDeal();
    expectRefused(await post('/api/admin/deal/add-payment', content, payment(id, 'CON-1')));
    expect(await payments(id)).toBe(0);
    expectRefused(await post('/api/admin/deal/reverse-payment', content, { id, paymentId: 1, reason: '内容' }));
    expectRefused(await post('/api/admin/deal/edit', content, { id, version: 1, room: '1', reason: '内容' }));
    expectRefused(await get(`/api/admin/deal/get-deal?id=${id}`, content));
    expectRefused(await get('/api/admin/record/list', content));
    expectRefused(await get('/api/admin/export/records?datePreset=0', content));
  });

  it('creates listings and manages home content and 基础资料', async () => {
    const created = await post('/api/admin/house/create', content, { name: '内容运营建的楼盘', cityId });
    expect(created.statusCode, created.body).toBe(200);
    expect(await housesNamed('内容运营建的楼盘')).toBe(1);
    expect((await get('/api/admin/home/banner/list', content)).statusCode).toBe(200);
    const feature = await post('/api/admin/feature/create', content, { name: `内容特色${Date.now() % 100000}` });
    expect(feature.statusCode, feature.body).toBe(200);
    expect((await get('/api/admin/setup', content)).statusCode).toBe(200);
  });
});

describe('只读 (READONLY)', () => {
  it('reads every page but exports', async () => {
    for (const url of [
      '/api/admin/house/list',
      '/api/admin/record/list',
      '/api/admin/distributor/list',
      '/api/admin/account/list?group=operator',
      '/api/admin/audit-log/list',
      '/api/admin/feature/list',
      '/api/admin/company/get-brand',
      '/api/admin/feedback/list',
      '/api/admin/job-failure/list',
    ]) {
      const res = await get(url, readonly);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
    expectRefused(await get('/api/admin/export/records?datePreset=0', readonly));
  });

  it('is refused on every change it tries, and changes nothing', async () => {
    const id = await reportWithDeal();
    expectRefused(await post('/api/admin/house/create', readonly, { name: '只读不能建的楼盘', cityId }));
    expect(await housesNamed('只读不能建的楼盘')).toBe(0);
    expectRefused(await post('/api/admin/deal/add-payment', readonly, payment(id, 'RO-1')));
    expect(await payments(id)).toBe(0);
    expectRefused(await post('/api/admin/feature/create', readonly, { name: '只读特色' }));
    expectRefused(await post('/api/admin/company/update-brand', readonly, { version: 1, title: '只读' }));
    expectRefused(await post('/api/admin/account/create', readonly, { group: 'operator', role: 'OPERATOR', name: '只读建的', phone: freshPhone() }));
    // Its own sign-in is its own: it changes its password and signs out like any account.
    expect((await post('/api/admin/auth/change-password', readonly, { oldPassword: '123456', password: '123456', passwordMore: '123456' })).statusCode).not.toBe(403);
  });
});

describe('operators and their scopes (账号管理 › 运营)', () => {
  const accountAudits = async (id: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id))).orderBy(asc(auditLog.id));

  it('an ADMIN operator creates an operator with a scope (运营管理员 without one), lists it, and the audit row says so', async () => {
    const res = await post('/api/admin/account/create', admin, { group: 'operator', role: 'OPERATOR', name: '新财务', phone: freshPhone(), consoleScope: 'FINANCE' });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json().data.account;
    expect(account.consoleScope).toBe('FINANCE');
    const [created] = await accountAudits(account.id);
    expect(created!.action).toBe('account.create');
    expect((created!.detail as { changes: Record<string, unknown> }).changes.consoleScope).toEqual({ old: null, new: 'FINANCE' });
    const plain = await post('/api/admin/account/create', admin, { group: 'operator', role: 'OPERATOR', name: '新运营', phone: freshPhone() });
    expect(plain.json().data.account.consoleScope).toBe('ADMIN');
    const list = (await get('/api/admin/account/list?group=operator&pageSize=100', admin)).json().data.list as { phone: string; consoleScope: string | null }[];
    expect(list.find((a) => a.phone === CONSOLE_ACCOUNTS.contentOperator)?.consoleScope).toBe('CONTENT');
    const auditors = (await get('/api/admin/account/list?group=auditor&pageSize=100', admin)).json().data.list as { consoleScope: string | null }[];
    expect(auditors.every((a) => a.consoleScope === null)).toBe(true);
  });

  it('changes another operator’s scope, audited, in force on its next call; the platform administrator too', async () => {
    const res = await post('/api/admin/account/create', admin, { group: 'operator', role: 'OPERATOR', name: '换权限', phone: freshPhone(), consoleScope: 'READONLY' });
    const { id, version } = res.json().data.account as { id: number; version: number };
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, id));
    const token = await createSessionRepository(t.database.db).create(id, cid);
    expectRefused(await post('/api/admin/house/create', token, { name: '换权限前', cityId }));
    const changed = await post('/api/admin/account/update', admin, { id, version, consoleScope: 'CONTENT' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.consoleScope).toBe('CONTENT');
    const updated = (await accountAudits(id)).at(-1)!;
    expect(updated.action).toBe('account.update');
    expect((updated.detail as { changes: Record<string, unknown> }).changes).toEqual({ consoleScope: { old: 'READONLY', new: 'CONTENT' } });
    expect((await post('/api/admin/house/create', token, { name: '换权限后', cityId })).statusCode).toBe(200);
    const byPlatform = await post('/api/admin/account/update', platformAdmin, { id, version: changed.json().data.version, consoleScope: 'FINANCE' });
    expect(byPlatform.statusCode, byPlatform.body).toBe(200);
    expect(byPlatform.json().data.consoleScope).toBe('FINANCE');
  });

  it('never one’s own scope; only operators have one; an unknown scope is 400', async () => {
    const me = (await get('/api/admin/auth/me', admin)).json().data.user as { id: number };
    const own = (await get(`/api/admin/account/get?id=${me.id}`, admin)).json().data as { version: number };
    const self = await post('/api/admin/account/update', admin, { id: me.id, version: own.version, consoleScope: 'READONLY' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: accountText.selfConsoleScope, data: { field: 'consoleScope' } });
    // The same scope is no change: the save goes through.
    expect((await post('/api/admin/account/update', admin, { id: me.id, version: own.version, consoleScope: 'ADMIN' })).statusCode).toBe(200);
    const auditor = await post('/api/admin/account/create', admin, { group: 'auditor', role: 'AUDITOR', name: '审核带权限', phone: freshPhone(), consoleScope: 'FINANCE' });
    expect(auditor.statusCode).toBe(400);
    expect(auditor.json()).toMatchObject({ message: accountText.consoleScopeOperatorOnly, data: { field: 'consoleScope' } });
    const unknown = await post('/api/admin/account/create', admin, { group: 'operator', role: 'OPERATOR', name: '未知权限', phone: freshPhone(), consoleScope: 'ROOT' });
    expect(unknown.statusCode).toBe(400);
  });

  it('only 运营管理员 manages operators: 财务, 内容 and 只读 are refused', async () => {
    const target = await userIdOf(t, cid, CONSOLE_ACCOUNTS.readonlyOperator);
    const [row] = await t.database.db.select({ version: user.version }).from(user).where(eq(user.id, target));
    for (const token of [finance, content, readonly]) {
      expectRefused(await post('/api/admin/account/create', token, { group: 'operator', role: 'OPERATOR', name: '越权', phone: freshPhone(), consoleScope: 'ADMIN' }));
      expectRefused(await post('/api/admin/account/update', token, { id: target, version: row!.version, consoleScope: 'ADMIN' }));
    }
    const [after] = await t.database.db.select({ consoleScope: user.consoleScope }).from(user).where(eq(user.id, target));
    expect(after!.consoleScope).toBe('READONLY');
  });
});
