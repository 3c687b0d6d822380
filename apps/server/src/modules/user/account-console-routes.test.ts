import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages as text_ } from '@baobei/shared/messages/admin';
import { queryRows } from '../../db/client';
import { auditLog, auditorScope, distributor, house, record, user } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 16, item 2 (docs/decisions/047): the console's accounts, end to end with the app's sign-in and the submit's auditor pick. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let operator = '';
let platformAdmin = '';
let ip = 0;
const nextIp = () => `10.98.${(++ip >> 8) & 255}.${ip & 255}`;
let phoneSeq = 0;
/** Phones no seed account and no other test of this file uses. */
const freshPhone = () => `1775${String(++phoneSeq).padStart(7, '0')}`;

const consoleToken = (phone: string, host?: string, password?: string) => t.consoleLogin(phone, { host, password });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload, remoteAddress: nextIp() });
const mobileSign = (phone: string, password: string, extra: object = {}) =>
  t.call({ method: 'POST', url: '/api/login/sign', remoteAddress: nextIp(), payload: { username: phone, password, ...extra } });

const idOf = async (phone: string, companyId = companyA) =>
  (await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone))))[0]!.id;
const userCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from "user"`))[0]!.n;
const audits = async (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id))).orderBy(asc(auditLog.id));

interface Account {
  id: number;
  role: string;
  name: string;
  phone: string;
  active: boolean;
  vacation: boolean;
  version: number;
  locked: boolean;
  signInFailures: number;
  sessionCount: number;
  mustChangePassword: boolean;
  scopeHouses: { id: number; name: string }[];
  scopeCities: { id: number; name: string }[];
  distributors: { id: number; name: string }[];
}

async function create(body: object, token = operator): Promise<{ account: Account; password: string }> {
  const res = await post('/api/admin/account/create', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function account(id: number): Promise<Account> {
  const res = await get(`/api/admin/account/get?id=${id}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
  platformAdmin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console accounts: lists and reads', () => {
  it('lists a group of the host company only, searches name and phone, filters by status', async () => {
    const auditors = await get('/api/admin/account/list?group=auditor&pageSize=100', operator);
    expect(auditors.statusCode, auditors.body).toBe(200);
    const phones = auditors.json().data.list.map((a: Account) => a.phone);
    expect(phones).toEqual(expect.arrayContaining([DEMO_ACCOUNTS.auditor, DEMO_ACCOUNTS.auditorAdmin]));
    expect(phones).not.toContain('13900000006');
    expect(phones).not.toContain(DEMO_ACCOUNTS.broker);
    const channel = (await get('/api/admin/account/list?group=channel&pageSize=100', operator)).json().data.list.map((a: Account) => a.phone);
    expect(channel).toEqual(expect.arrayContaining([DEMO_ACCOUNTS.channel, DEMO_ACCOUNTS.channelManager]));
    expect(channel).not.toContain(DEMO_ACCOUNTS.auditor);
    // Operators: OPERATOR only; the platform administrator is in no group.
    const operators = (await get('/api/admin/account/list?group=operator&pageSize=100', operator)).json().data.list as Account[];
    expect(operators.map((a) => a.phone)).toContain(CONSOLE_ACCOUNTS.operator);
    expect(operators.map((a) => a.phone)).not.toContain(CONSOLE_ACCOUNTS.platformAdmin);
    expect([...new Set(operators.map((a) => a.role))]).toEqual(['OPERATOR']);

    const search = (await get(`/api/admin/account/list?group=auditor&keyword=${DEMO_ACCOUNTS.auditor.slice(-4)}`, operator)).json().data;
    expect(search.list.map((a: Account) => a.phone)).toEqual([DEMO_ACCOUNTS.auditor]);
    const disabled = (await get('/api/admin/account/list?group=auditor&active=false', operator)).json().data;
    expect(disabled.list.every((a: Account) => !a.active)).toBe(true);

    const bad = await get('/api/admin/account/list?group=broker', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: text_.groupInvalid, data: { field: 'group' } });
  });

  it('answers 404 for another company’s account, a distributor’s staff and the platform administrator; 403 for a mobile token', async () => {
    for (const id of [await idOf('13900000006', companyB), await idOf(DEMO_ACCOUNTS.broker), await idOf(CONSOLE_ACCOUNTS.platformAdmin)]) {
      const res = await get(`/api/admin/account/get?id=${id}`, operator);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(text_.notFound);
    }
    // Company 127.0.0.1's operator, on its own host, naming an account of localhost.
    const stranger = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    const own = await idOf(DEMO_ACCOUNTS.auditor);
    expect((await get(`/api/admin/account/get?id=${own}`, stranger, HOSTS.second)).statusCode).toBe(404);
    const before = await account(own);
    for (const [path, body] of [
      ['update', { id: own, version: before.version, name: '越权' }],
      ['reset-password', { id: own }],
      ['unlock', { id: own }],
      ['end-sessions', { id: own }],
      ['disable', { id: own, version: before.version }],
    ] as const) {
      const res = await post(`/api/admin/account/${path}`, stranger, body, HOSTS.second);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
    expect(await account(own)).toMatchObject({ name: before.name, version: before.version, active: true });

    const mobile = await t.login(DEMO_ACCOUNTS.auditorAdmin);
    const refused = await get('/api/admin/account/list?group=auditor', mobile);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(messages.adminAuth.noConsoleAccess);
    expect((await post('/api/admin/account/create', mobile, { group: 'auditor', role: 'AUDITOR', name: '移动端', phone: freshPhone() })).statusCode).toBe(403);
  });

  it('offers the company’s listings, cities and distributors to choose from', async () => {
    const res = await get('/api/admin/account/options', operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { houses: { id: number }[]; cities: { id: number }[]; distributors: { id: number; channelName: string }[] };
    const foreign = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, companyB)).limit(1);
    expect(data.houses.length).toBeGreaterThan(10);
    expect(data.houses.map((h) => h.id)).not.toContain(foreign[0]!.id);
    expect(data.cities.length).toBeGreaterThan(0);
    expect(data.distributors.length).toBeGreaterThan(0);
  });
});

describe('console accounts: create', () => {
  it('creates an auditor with a generated password shown once, stored as an argon2 hash that must be changed, with an audit row', async () => {
    const phone = freshPhone();
    const { account: created, password } = await create({ group: 'auditor', role: 'AUDITOR', name: '新审核员', phone, vacation: false });
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(created).toMatchObject({ role: 'AUDITOR', name: '新审核员', phone, active: true, vacation: false, mustChangePassword: true, version: 1 });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, created.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password);
    const [logged] = await audits(created.id);
    expect(logged).toMatchObject({ action: 'account.create', actorId: await idOf(CONSOLE_ACCOUNTS.operator), companyId: companyA });
    const detail = JSON.stringify(logged!.detail);
    expect(detail).not.toContain(password);
    expect(detail).not.toContain('argon2');
    expect(logged!.detail).toMatchObject({ group: 'auditor', changes: { role: { old: null, new: 'AUDITOR' }, phone: { new: phone } } });
    // Every AUDITOR has an open-report count from the start (decision 030's trigger on "user").
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from auditor_open_report where auditor_id = ${created.id}`))[0]!.n).toBe(1);

    // The app: the password signs in, and the account must change it before anything else.
    const signed = await mobileSign(phone, password);
    expect(signed.statusCode, signed.body).toBe(200);
    const token = signed.json().data.token as string;
    const list = await t.call({ method: 'POST', url: '/api/record/get-record-list', payload: {}, token });
    expect(list.statusCode).toBe(403);
    expect(list.json().data).toEqual({ reason: 'MUST_CHANGE_PASSWORD' });
  });

  it('refuses bad input with the field’s Chinese message and creates nothing', async () => {
    const taken = DEMO_ACCOUNTS.broker;
    const cases: [object, string, string][] = [
      [{ group: 'auditor', role: 'AUDITOR', name: '', phone: freshPhone() }, text_.nameRequired, 'name'],
      [{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: '12345' }, text_.phoneInvalid, 'phone'],
      [{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: '' }, text_.phoneRequired, 'phone'],
      [{ group: 'auditor', role: 'CHANNEL', name: '甲', phone: freshPhone() }, text_.roleNotInGroup, 'role'],
      [{ group: 'operator', role: 'PLATFORM_ADMIN', name: '甲', phone: freshPhone() }, text_.roleNotInGroup, 'role'],
      [{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: taken }, text_.phoneTaken, 'phone'],
      [{ group: 'channel', role: 'CHANNEL', name: '甲', phone: freshPhone(), vacation: true }, text_.vacationAuditorOnly, 'vacation'],
      [{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: freshPhone(), manageArea: '龙华区' }, text_.manageAreaChannelOnly, 'manageArea'],
      [{ group: 'auditor', role: 'AUDITORADMIN', name: '甲', phone: freshPhone(), scopeCityIds: [1] }, text_.scopeAuditorOnly, 'scopeCityIds'],
      [{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: freshPhone(), distributorIds: [1] }, text_.distributorsChannelOnly, 'distributorIds'],
    ];
    const foreignHouse = (await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, companyB)).limit(1))[0]!.id;
    cases.push([{ group: 'auditor', role: 'AUDITOR', name: '甲', phone: freshPhone(), scopeHouseIds: [foreignHouse] }, text_.houseUnknown, 'scopeHouseIds']);
    const before = await userCount();
    for (const [body, msg, field] of cases) {
      const res = await post('/api/admin/account/create', operator, body);
      expect({ body, status: res.statusCode, msg: res.json().msg, field: res.json().data?.field }).toEqual({ body, status: 400, msg, field });
    }
    expect(await userCount()).toBe(before);
  });

  it('creates channel staff with a managed area and the distributors they look after (distributor.channel_user_id)', async () => {
    const [d1, d2] = await t.database.db.select().from(distributor).where(eq(distributor.companyId, companyA)).orderBy(asc(distributor.id)).limit(2);
    const { account: created } = await create({ group: 'channel', role: 'CHANNEL', name: '新渠道', phone: freshPhone(), manageArea: '海口市龙华区', distributorIds: [d1!.id] });
    expect(created).toMatchObject({ manageArea: '海口市龙华区', distributors: [{ id: d1!.id, name: d1!.name }] });
    const channelOf = async (id: number) => (await t.database.db.select().from(distributor).where(eq(distributor.id, id)))[0]!;
    expect((await channelOf(d1!.id)).channelUserId).toBe(created.id);
    expect((await channelOf(d1!.id)).version).toBe(d1!.version + 1);

    // Replacing the list: d2 taken over, d1 left without a channel.
    const res = await post('/api/admin/account/update', operator, { id: created.id, version: created.version, distributorIds: [d2!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.distributors).toEqual([{ id: d2!.id, name: d2!.name }]);
    expect((await channelOf(d1!.id)).channelUserId).toBeNull();
    expect((await channelOf(d2!.id)).channelUserId).toBe(created.id);
    const last = (await audits(created.id)).at(-1)!;
    expect(last.detail).toMatchObject({ changes: { distributorIds: { old: [d1!.id], new: [d2!.id] } } });
    // Back to the seed's channel, for the rest of the suite.
    await t.database.db.update(distributor).set({ channelUserId: d1!.channelUserId }).where(eq(distributor.id, d1!.id));
    await t.database.db.update(distributor).set({ channelUserId: d2!.channelUserId }).where(eq(distributor.id, d2!.id));
  });

  it('lets both console roles manage operators of the host company, never a platform administrator', async () => {
    const { account: made } = await create({ group: 'operator', role: 'OPERATOR', name: '新运营', phone: freshPhone() }, platformAdmin);
    expect(made.role).toBe('OPERATOR');
    const res = await post('/api/admin/account/update', operator, { id: made.id, version: made.version, name: '改名运营' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('改名运营');
    const pa = await idOf(CONSOLE_ACCOUNTS.platformAdmin);
    expect((await post('/api/admin/account/disable', operator, { id: pa, version: 1 })).statusCode).toBe(404);
    expect((await post('/api/admin/account/reset-password', operator, { id: pa })).statusCode).toBe(404);
  });
});

describe('console accounts: update', () => {
  it('changes name, phone, role within the group and vacation at the version read; a stale version is 409 and changes nothing', async () => {
    const { account: a } = await create({ group: 'auditor', role: 'AUDITOR', name: '编辑前', phone: freshPhone() });
    const phone = freshPhone();
    const res = await post('/api/admin/account/update', operator, { id: a.id, version: a.version, name: '编辑后', phone, role: 'AUDITORADMIN', vacation: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: '编辑后', phone, role: 'AUDITORADMIN', vacation: true, version: a.version + 1 });
    const logged = (await audits(a.id)).at(-1)!;
    expect(logged).toMatchObject({ action: 'account.update' });
    expect(logged.detail).toMatchObject({
      version: a.version + 1,
      changes: { name: { old: '编辑前', new: '编辑后' }, phone: { old: a.phone, new: phone }, role: { old: 'AUDITOR', new: 'AUDITORADMIN' }, vacation: { old: false, new: true } },
    });

    const stale = await post('/api/admin/account/update', operator, { id: a.id, version: a.version, name: '过期' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: text_.staleVersion, data: { reload: true, version: a.version + 1 } });
    expect((await account(a.id)).name).toBe('编辑后');

    // Out of the group, a taken phone, vacation for channel staff: 400 on the field, nothing changed.
    const current = await account(a.id);
    for (const [body, msg, field] of [
      [{ role: 'CHANNEL' }, text_.roleNotInGroup, 'role'],
      [{ role: 'OPERATOR' }, text_.roleNotInGroup, 'role'],
      [{ phone: DEMO_ACCOUNTS.auditor }, text_.phoneTaken, 'phone'],
      [{ name: '   ' }, text_.nameRequired, 'name'],
    ] as const) {
      const bad = await post('/api/admin/account/update', operator, { id: a.id, version: current.version, ...body });
      expect({ body, status: bad.statusCode, msg: bad.json().msg, field: bad.json().data?.field }).toEqual({ body, status: 400, msg, field });
    }
    expect(await account(a.id)).toMatchObject({ name: current.name, phone: current.phone, role: current.role, version: current.version });

    // A save that changes nothing writes nothing.
    const rows = (await audits(a.id)).length;
    const same = await post('/api/admin/account/update', operator, { id: a.id, version: current.version, name: current.name });
    expect(same.json().data.version).toBe(current.version);
    expect((await audits(a.id)).length).toBe(rows);
  });

  it('is stale after a change made outside the console (migration 0025): any writer of a shown column raises the version once', async () => {
    const { account: a } = await create({ group: 'auditor', role: 'AUDITOR', name: '外部改名前', phone: freshPhone() });
    // As the phone's 个人信息, a staff edit or the on-duty switch would: a plain UPDATE without the version.
    await t.database.db.update(user).set({ name: '外部改名后', vacation: 1 }).where(eq(user.id, a.id));
    const changed = await account(a.id);
    expect(changed).toMatchObject({ name: '外部改名后', vacation: true, version: a.version + 1 });
    const stale = await post('/api/admin/account/update', operator, { id: a.id, version: a.version, name: '覆盖' });
    expect(stale.statusCode).toBe(409);
    expect((await account(a.id)).name).toBe('外部改名后');
    // Writing the same values, or a column the console does not show, keeps the version.
    await t.database.db.update(user).set({ name: '外部改名后', passwordHash: 'x' }).where(eq(user.id, a.id));
    expect((await account(a.id)).version).toBe(a.version + 1);
    // The console's own edit still moves it by exactly one.
    const edited = await post('/api/admin/account/update', operator, { id: a.id, version: a.version + 1, name: '控制台改名' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.version).toBe(a.version + 2);
  });
});

describe('console accounts: passwords, locks and sessions', () => {
  it('reset-password: the old password fails, the new one signs in and must be changed, old sessions are 401, audit without the password', async () => {
    const phone = freshPhone();
    const { account: a, password: first } = await create({ group: 'channel', role: 'CHANNELJINGLI', name: '重置测试', phone });
    const oldSession = (await mobileSign(phone, first)).json().data.token as string;
    const reset = await post('/api/admin/account/reset-password', operator, { id: a.id });
    expect(reset.statusCode, reset.body).toBe(200);
    const { password, account: after } = reset.json().data as { password: string; account: Account };
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(password).not.toBe(first);
    expect(after).toMatchObject({ mustChangePassword: true, sessionCount: 0, version: a.version });

    const wrong = await mobileSign(phone, first);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.login.wrongPassword);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token: oldSession })).statusCode).toBe(401);
    const signed = await mobileSign(phone, password);
    expect(signed.statusCode, signed.body).toBe(200);
    const token = signed.json().data.token as string;
    expect((await t.call({ method: 'GET', url: '/api/index/get-init-config', token })).json().data.userInfo.mustChangePassword).toBe(true);

    const logged = (await audits(a.id)).at(-1)!;
    expect(logged).toMatchObject({ action: 'account.reset-password' });
    expect(logged.detail).toMatchObject({ sessionsEnded: 1 });
    expect(JSON.stringify(logged.detail)).not.toContain(password);

    const self = await post('/api/admin/account/reset-password', operator, { id: await idOf(CONSOLE_ACCOUNTS.operator) });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(text_.selfReset);
    expect((await post('/api/admin/account/reset-password', operator, { id: 'x' })).statusCode).toBe(400);
  });

  it('unlock clears the sign-in failures, so the next sign-in needs no picture code', async () => {
    const phone = freshPhone();
    const { account: a, password } = await create({ group: 'auditor', role: 'AUDITOR', name: '锁定测试', phone });
    for (let i = 0; i < 5; i++) expect((await mobileSign(phone, 'wrong-password')).statusCode).toBe(400);
    const locked = await account(a.id);
    expect(locked).toMatchObject({ locked: true, signInFailures: 5 });
    const needs = await mobileSign(phone, password);
    expect(needs.json()).toMatchObject({ msg: messages.login.pictureCodeNeeded, data: { needVerifyCode: true } });

    const res = await post('/api/admin/account/unlock', operator, { id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ locked: false, signInFailures: 0 });
    expect((await mobileSign(phone, password)).statusCode).toBe(200);
    const logged = (await audits(a.id)).at(-1)!;
    expect(logged).toMatchObject({ action: 'account.unlock', detail: { signInFailures: 5, locked: true } });
    expect((await post('/api/admin/account/unlock', operator, { id: await idOf('13900000006', companyB) })).statusCode).toBe(404);
  });

  it('end-sessions signs the account out everywhere; not one’s own', async () => {
    const token = await t.login(DEMO_ACCOUNTS.channel);
    const id = await idOf(DEMO_ACCOUNTS.channel);
    expect((await account(id)).sessionCount).toBeGreaterThan(0);
    const res = await post('/api/admin/account/end-sessions', operator, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sessionCount).toBe(0);
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token })).statusCode).toBe(401);
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'account.end-sessions' });
    const self = await post('/api/admin/account/end-sessions', operator, { id: await idOf(CONSOLE_ACCOUNTS.operator) });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(text_.selfEndSessions);
  });

  it('disable refuses sign-in and ends sessions, enable lets the account back; not oneself; stale is 409', async () => {
    const phone = freshPhone();
    const { account: a, password } = await create({ group: 'auditor', role: 'AUDITOR', name: '停用测试', phone });
    const token = (await mobileSign(phone, password)).json().data.token as string;
    const stale = await post('/api/admin/account/disable', operator, { id: a.id, version: a.version - 1 });
    expect(stale.statusCode).toBe(409);
    const res = await post('/api/admin/account/disable', operator, { id: a.id, version: a.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ active: false, version: a.version + 1, sessionCount: 0 });
    expect((await t.call({ method: 'POST', url: '/api/login/check-token', token })).statusCode).toBe(401);
    const refused = await mobileSign(phone, password);
    expect(refused.json().msg).toBe(messages.login.accountDisabled);
    expect((await audits(a.id)).at(-1)).toMatchObject({ action: 'account.disable', detail: { changes: { active: { old: true, new: false } }, sessionsEnded: 1 } });

    const enabled = await post('/api/admin/account/enable', operator, { id: a.id, version: a.version + 1 });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.active).toBe(true);
    expect((await mobileSign(phone, password)).statusCode).toBe(200);

    const me = await idOf(CONSOLE_ACCOUNTS.operator);
    const self = await post('/api/admin/account/disable', operator, { id: me, version: (await account(me)).version });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(text_.selfDisable);
    expect((await account(me)).active).toBe(true);
    // Nor enabling oneself (docs/api.md: not oneself, 400), which would otherwise audit a change of nothing.
    const selfEnable = await post('/api/admin/account/enable', operator, { id: me, version: (await account(me)).version });
    expect(selfEnable.statusCode).toBe(400);
    expect(selfEnable.json().msg).toBe(text_.selfEnable);
  });
});

describe('console accounts: the audit scope and the submit’s auditor pick', () => {
  it('gives a scoped auditor only reports of its listings or cities, the unscoped the rest; none covering: as before', async () => {
    const db = t.database.db;
    const listings = await activeListings(t, companyA, 40);
    const cityOf = new Map(listings.map((h) => [h.id, h.cityId]));
    const inCity = listings[0]!;
    const other = listings.find((h) => h.cityId !== inCity.cityId) ?? listings[1]!;
    const scopedHouse = listings.find((h) => h.id !== inCity.id && h.id !== other.id && h.cityId === other.cityId) ?? listings[2]!;
    const houses = [inCity, other, scopedHouse];
    await db
      .update(house)
      .set({ reportLeadTime: 30, reportProtectHours: 72, ruleTel: 'FULL', isNeedIdCard: false, sellingStatus: 'SELLING' })
      .where(inArray(house.id, houses.map((h) => h.id)));

    // The seed's auditors go on vacation: three new ones, one scoped to a listing, one to a city, one free.
    const seeded = await db.select({ id: user.id, vacation: user.vacation }).from(user).where(and(eq(user.companyId, companyA), eq(user.role, 'AUDITOR')));
    await db.update(user).set({ vacation: 1 }).where(and(eq(user.companyId, companyA), eq(user.role, 'AUDITOR')));
    try {
      const byHouse = (await create({ group: 'auditor', role: 'AUDITOR', name: '楼盘审核', phone: freshPhone(), scopeHouseIds: [scopedHouse.id] })).account;
      const byCity = (await create({ group: 'auditor', role: 'AUDITOR', name: '城市审核', phone: freshPhone(), scopeCityIds: [inCity.cityId] })).account;
      const free = (await create({ group: 'auditor', role: 'AUDITOR', name: '不限审核', phone: freshPhone() })).account;
      expect(byHouse.scopeHouses).toEqual([{ id: scopedHouse.id, name: scopedHouse.name }]);
      expect(byCity.scopeCities.map((c) => c.id)).toEqual([inCity.cityId]);
      expect(await db.select().from(auditorScope).where(eq(auditorScope.auditorId, byCity.id))).toHaveLength(1);

      const broker = await t.login(DEMO_ACCOUNTS.broker);
      let seq = 0;
      const submit = async (houseId: number) => {
        const res = await t.call({
          method: 'POST',
          url: '/api/record/post-record-data',
          token: broker,
          payload: reportSubmitPayload([houseId], { name: '范围客户', phone: `1776${String(++seq).padStart(7, '0')}` }),
        });
        expect(res.statusCode, res.body).toBe(200);
        const [row] = await db.select({ auditorId: record.auditorId }).from(record).where(eq(record.id, res.json().data.recordIds[0]));
        return row!.auditorId;
      };
      const to = { [byHouse.id]: 0, [byCity.id]: 0, [free.id]: 0 } as Record<number, number>;
      const given = { scoped: [] as number[], city: [] as number[], other: [] as number[] };
      for (let i = 0; i < 4; i++) {
        given.scoped.push((await submit(scopedHouse.id))!);
        given.city.push((await submit(inCity.id))!);
        given.other.push((await submit(other.id))!);
      }
      for (const list of Object.values(given)) for (const id of list) to[id] = (to[id] ?? 0) + 1;
      // The listing-scoped auditor only gets its listing; the city-scoped one only its city's.
      expect(given.city.every((id) => id === byCity.id || id === free.id)).toBe(true);
      expect(given.scoped.every((id) => id === byHouse.id || id === free.id)).toBe(true);
      expect(cityOf.get(other.id)).not.toBe(inCity.cityId);
      expect(given.other.every((id) => id === free.id)).toBe(true);
      expect(to[byHouse.id]).toBeGreaterThan(0);
      expect(to[byCity.id]).toBeGreaterThan(0);

      // The unscoped one on vacation: a report nobody's scope covers goes to the on-duty auditors as before.
      const off = await post('/api/admin/account/update', operator, { id: free.id, version: free.version, vacation: true });
      expect(off.statusCode, off.body).toBe(200);
      const fallback = await submit(other.id);
      expect([byHouse.id, byCity.id]).toContain(fallback);
      // Covered: only the scoped auditor, whatever the counts.
      for (let i = 0; i < 3; i++) expect(await submit(inCity.id)).toBe(byCity.id);

      // Leaving the scope empty makes the auditor take any report again.
      const cleared = await post('/api/admin/account/update', operator, { id: byCity.id, version: (await account(byCity.id)).version, scopeCityIds: [] });
      expect(cleared.json().data.scopeCities).toEqual([]);
      await db.update(user).set({ vacation: 1 }).where(eq(user.id, byHouse.id));
      expect(await submit(other.id)).toBe(byCity.id);
    } finally {
      for (const s of seeded) await db.update(user).set({ vacation: s.vacation }).where(eq(user.id, s.id));
      // The three made here leave duty, so later tests see the seed's assignment.
      await db.update(user).set({ vacation: 1 }).where(and(eq(user.companyId, companyA), inArray(user.name, ['楼盘审核', '城市审核', '不限审核'])));
    }
  });
});
