import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text_ } from '@baobei/shared/messages/admin';
import { creditCodeCheckChar } from '@baobei/shared/rules/registration';
import { queryRows } from '../../db/client';
import { auditLog, distributor, distributorRegistration, user } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { createCompanyRepository } from '../company/company-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 16, item 1 (docs/decisions/046): the console's distributor and registration calls, end to end with the app's sign-ins. */

let t: TestApp;
let companyA = 0;
let operator = '';
let platformAdmin = '';
let secondOperator = '';
let ip = 0;
const nextIp = () => `10.97.${(++ip >> 8) & 255}.${ip & 255}`;

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload, remoteAddress: nextIp() });
const mobileSign = (phone: string, password = '123456', host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url: '/api/login/sign', host, remoteAddress: nextIp(), payload: { username: phone, password } });

const row = async (id: number) => (await t.database.db.select().from(distributor).where(eq(distributor.id, id)))[0]!;
const audits = (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'distributor'), eq(auditLog.entityId, id))).orderBy(auditLog.id);
const distributorOf = async (phone: string, companyId = companyA) =>
  (await t.database.db.select({ d: user.distributorId }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone))))[0]!.d!;

/** A valid credit code no registry knows (the manual path of decision 013). */
let creditSeq = 0;
function freshCreditNo(): string {
  const body = `91460100MA5D${String(40000 + ++creditSeq).padStart(5, '0')}`;
  return body + creditCodeCheckChar(body)!;
}

async function registerDistributor(phone: string, name: string, host: string = HOSTS.localhost): Promise<number> {
  const file = multipartFile(TINY_PNG, 'licence.png', 'image/png');
  const up = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', host, payload: file.payload, headers: file.headers, remoteAddress: nextIp() });
  expect(up.statusCode, up.body).toBe(200);
  const cities = (await t.call({ method: 'GET', url: '/api/publicapi/get-city', host })).json().data;
  const res = await t.call({
    method: 'POST',
    url: '/api/publicapi/reg-distributor',
    host,
    remoteAddress: nextIp(),
    payload: {
      password: 'reg12345',
      companyLicenseName: `${name}房产经纪有限公司`,
      name,
      managerName: '卢经理',
      managerPhone: phone,
      address: '海口市美兰区测试路1号',
      channelId: null,
      channelName: '',
      employeeId: null,
      businessLicensePic: up.json().data.url,
      locationId: cities[0].children[0].value,
      creditNo: freshCreditNo(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
  platformAdmin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
  secondOperator = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('list and get', () => {
  it('lists the company’s distributors with search, status and city filters and paging', async () => {
    const all = await get('/api/admin/distributor/list', operator);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.page).toBe(1);
    const first = data.list[data.list.length - 1];
    expect(first).toMatchObject({ active: true, version: 1 });
    expect(first.staffCount).toBeGreaterThan(0);

    const [seed] = await queryRows<{ id: number; name: string; short: string; credit: string; phone: string; city: number }>(
      t.database.db,
      sql`select id, name, short_name as short, credit_no as credit, manager_phone as phone, location_id as city from distributor where company_id = ${companyA} order by id limit 1`,
    );
    for (const keyword of [seed!.name.slice(0, 4), seed!.short, seed!.credit.slice(4, 12), seed!.phone.slice(3)]) {
      const res = await get(`/api/admin/distributor/list?keyword=${encodeURIComponent(keyword)}`, operator);
      expect(res.json().data.list.map((d: { id: number }) => d.id), keyword).toContain(seed!.id);
    }
    const byCity = await get(`/api/admin/distributor/list?cityId=${seed!.city}`, operator);
    expect(byCity.json().data.list.every((d: { cityId: number }) => d.cityId === seed!.city)).toBe(true);
    const paged = await get('/api/admin/distributor/list?pageSize=1&page=2', operator);
    expect(paged.json().data).toMatchObject({ page: 2, pageSize: 1, total: data.total });
    expect(paged.json().data.list).toHaveLength(1);
    const disabled = await get('/api/admin/distributor/list?status=disabled', operator);
    expect(disabled.json().data.list.every((d: { active: boolean }) => !d.active)).toBe(true);

    const bad = await get('/api/admin/distributor/list?status=closed', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(text_.statusInvalid);
  });

  it('gets a distributor with its shops (managers and their brokers) and staff', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.broker);
    const res = await get(`/api/admin/distributor/get?id=${id}`, platformAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const broker = d.staff.find((s: { phone: string }) => s.phone === DEMO_ACCOUNTS.broker);
    expect(broker).toMatchObject({ role: 'YUEWUYUAN', active: true });
    const shop = d.shops.find((s: { managerPhone: string }) => s.managerPhone === DEMO_ACCOUNTS.manager);
    expect(shop.brokers.map((b: { phone: string }) => b.phone)).toContain(DEMO_ACCOUNTS.broker);
    expect(d.staff.find((s: { phone: string }) => s.phone === DEMO_ACCOUNTS.general)).toMatchObject({ role: 'DIANZHANG', distributorControl: true });
  });

  it('answers 404 for another company’s distributor and 403 for a mobile token', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.broker);
    const other = await get(`/api/admin/distributor/get?id=${id}`, secondOperator, HOSTS.second);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(text_.notFound);
    const mobile = await get('/api/admin/distributor/list', await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin));
    expect(mobile.statusCode).toBe(403);
    expect(mobile.json().msg).toBe(messages.adminAuth.noConsoleAccess);
    const otherList = await get('/api/admin/distributor/list', secondOperator, HOSTS.second);
    expect(otherList.json().data.list.map((d: { id: number }) => d.id)).not.toContain(id);
  });
});

describe('create (issue 30, item 5)', () => {
  it('signs up a distributor with its general account and a one-time password, one audit row, and the account works on the app', async () => {
    const creditNo = freshCreditNo();
    const cities = (await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data;
    const cityId = cities[0].children[1].value as number;
    const body = { name: '海南椰城房产经纪有限公司', shortName: '椰城房产', creditNo: creditNo.toLowerCase(), address: '海口市秀英区1号', cityId, managerName: '林总', managerPhone: '13560470001' };
    const res = await post('/api/admin/distributor/create', operator, body);
    expect(res.statusCode, res.body).toBe(200);
    const { distributor: created, account } = res.json().data;
    expect(res.json().msg).toBe(text_.created);
    expect(created).toMatchObject({ name: body.name, shortName: '椰城房产', creditNo, cityId, managerPhone: '13560470001', active: true, version: 1 });
    expect(created.shops).toEqual([expect.objectContaining({ managerName: '林总', managerPhone: '13560470001', shopName: '椰城房产', distributorControl: true })]);
    expect(account).toMatchObject({ name: '林总', phone: '13560470001' });
    expect(account.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const [audit] = await audits(created.id);
    expect(audit).toMatchObject({ action: 'distributor.create' });
    expect((audit!.detail as { values: Record<string, unknown> }).values).toMatchObject({ creditNo, cityId, managerPhone: '13560470001' });

    // The general account signs in with it and must change it first; then it is the distributor's 总账号.
    const signed = await mobileSign('13560470001', account.password);
    expect(signed.statusCode, signed.body).toBe(200);
    const token = signed.json().data.token as string;
    expect((await t.call({ method: 'POST', url: '/api/user/get-user-list', token, remoteAddress: nextIp() })).statusCode).toBe(403);
    const changed = await t.call({ method: 'POST', url: '/api/user/change-password', token, payload: { oldPassword: account.password, password: 'yecheng2026', passwordMore: 'yecheng2026' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await mobileSign('13560470001', 'yecheng2026');
    expect(after.statusCode, after.body).toBe(200);
    expect(await distributorOf('13560470001')).toBe(created.id);
    const staff = await t.call({ method: 'POST', url: '/api/user/get-user-list', token: after.json().data.token, remoteAddress: nextIp() });
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('refuses a taken phone or credit code, a bad code or city, with the field, and writes nothing', async () => {
    const cities = (await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data;
    const cityId = cities[0].children[0].value as number;
    const base = { name: '拒绝房产有限公司', shortName: '拒绝', creditNo: freshCreditNo(), cityId, managerName: '吴总', managerPhone: '13560470009' };
    const [taken] = await t.database.db.select({ creditNo: distributor.creditNo }).from(distributor).where(eq(distributor.companyId, companyA)).limit(1);
    const before = (await queryRows<{ n: number }>(t.database.db, sql`select (select count(*) from distributor) + (select count(*) from "user") as n`))[0]!.n;
    const cases: [object, number, string, string][] = [
      [{ managerPhone: DEMO_ACCOUNTS.broker }, 409, text_.managerPhoneTaken, 'managerPhone'],
      [{ creditNo: taken!.creditNo }, 409, text_.creditNoTaken, 'creditNo'],
      [{ creditNo: '91460100MA5D00001A' }, 400, messages.registration.creditNoInvalid, 'creditNo'],
      [{ cityId: null }, 400, text_.cityRequired, 'cityId'],
      [{ cityId: 999_999 }, 400, text_.cityUnknown, 'cityId'],
      [{ managerPhone: '1356047' }, 400, text_.managerPhoneInvalid, 'managerPhone'],
      [{ name: ' ' }, 400, text_.nameRequired, 'name'],
    ];
    for (const [change, status, msg, field] of cases) {
      const res = await post('/api/admin/distributor/create', operator, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json()).toMatchObject({ msg, data: { field } });
    }
    const now = (await queryRows<{ n: number }>(t.database.db, sql`select (select count(*) from distributor) + (select count(*) from "user") as n`))[0]!.n;
    expect(now).toBe(before);
    // A mobile token is 403; another company's operator creates in its own company only.
    expect((await post('/api/admin/distributor/create', await t.tokenOf(DEMO_ACCOUNTS.broker), base)).statusCode).toBe(403);
  });
});

describe('update', () => {
  it('changes the fields sent, bumps the version and writes one audit row with old and new values', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.otherBroker);
    const before = await row(id);
    const res = await post('/api/admin/distributor/update', operator, { id, version: before.version, shortName: '新简称', managerName: before.managerName });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ shortName: '新简称', version: before.version + 1 });
    const rows = await audits(id);
    expect(rows.at(-1)).toMatchObject({
      action: 'distributor.update',
      detail: { actorRole: 'OPERATOR', version: before.version + 1, changes: { shortName: { old: before.shortName, new: '新简称' } } },
    });
    expect(Object.keys((rows.at(-1)!.detail as { changes: object }).changes)).toEqual(['shortName']);

    // A stale version: 409 with reload and the current version, nothing changed.
    const stale = await post('/api/admin/distributor/update', operator, { id, version: before.version, shortName: '过期' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: text_.staleVersion, data: { reload: true, version: before.version + 1 } });
    expect((await row(id)).shortName).toBe('新简称');
  });

  it.each([
    [{ name: '' }, text_.nameRequired, 'name'],
    [{ managerPhone: '12345' }, text_.managerPhoneInvalid, 'managerPhone'],
    [{ cityId: 999999 }, text_.cityUnknown, 'cityId'],
    [{ channelUserId: 'broker' }, text_.channelUnknown, 'channelUserId'],
  ])('refuses %o with its Chinese message and changes nothing', async (change, message, field) => {
    const id = await distributorOf(DEMO_ACCOUNTS.otherBroker);
    const before = await row(id);
    const auditCount = (await audits(id)).length;
    // A broker is no channel contact.
    const brokerId = (await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, DEMO_ACCOUNTS.broker))))[0]!.id;
    const body = 'channelUserId' in change ? { channelUserId: brokerId } : change;
    const res = await post('/api/admin/distributor/update', operator, { id, version: before.version, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ msg: message, data: { field } });
    expect(await row(id)).toEqual(before);
    expect(await audits(id)).toHaveLength(auditCount);
  });

  it('answers 404 for another company’s distributor and changes nothing', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.otherBroker);
    const before = await row(id);
    const res = await post('/api/admin/distributor/update', secondOperator, { id, version: before.version, shortName: '越权' }, HOSTS.second);
    expect(res.statusCode).toBe(404);
    expect(await row(id)).toEqual(before);
  });
});

describe('disable and enable', () => {
  it('refuses every sign-in of its people, ends their sessions at once, and enabling lets them in again', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.otherBroker);
    const broker = await t.login(DEMO_ACCOUNTS.otherBroker);
    expect((await post('/api/login/check-token', broker, {})).statusCode).toBe(200);
    const brokerId = (await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, DEMO_ACCOUNTS.otherBroker))))[0]!.id;

    // A stale version first: 409, nothing disabled, the session lives.
    const v = (await row(id)).version;
    const stale = await post('/api/admin/distributor/disable', operator, { id, version: v - 1 });
    expect(stale.statusCode).toBe(409);
    expect((await row(id)).active).toBe(true);
    // Another company's operator: 404, nothing disabled.
    expect((await post('/api/admin/distributor/disable', secondOperator, { id, version: v }, HOSTS.second)).statusCode).toBe(404);
    expect((await row(id)).active).toBe(true);

    const res = await post('/api/admin/distributor/disable', operator, { id, version: v });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: text_.disabled, data: { active: false, version: v + 1 } });
    expect(res.json().data.disabledAt).not.toBeNull();
    const live = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.distributor_id = ${id} and s.revoked_at is null`,
    );
    expect(live[0]!.n).toBe(0);
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'distributor.disable', detail: { changes: { active: { old: true, new: false } } } });

    // The open token: 401 on its next call.
    const next = await post('/api/login/check-token', broker, {});
    expect(next.statusCode).toBe(401);
    // Password, SMS code, WeChat: refused with the message, after the credential proved right.
    const signed = await mobileSign(DEMO_ACCOUNTS.otherBroker);
    expect(signed.statusCode).toBe(400);
    expect(signed.json().msg).toBe(text_.disabledSignIn);
    expect((await mobileSign(DEMO_ACCOUNTS.otherBroker, 'wrong-password')).json().msg).toBe(messages.login.wrongPassword);
    const captcha = (await t.call({ method: 'GET', url: '/api/login/verify-code' })).json().data;
    const answer = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${captcha.sn}` })).json().data.code;
    const code = await t.call({ method: 'GET', url: `/api/login/get-code?username=${DEMO_ACCOUNTS.otherBroker}&sn=${captcha.sn}&code=${answer}`, remoteAddress: nextIp() });
    expect(code.statusCode).toBe(400);
    expect(code.json().msg).toBe(text_.disabledSignIn);
    // WeChat's sign-in is the auth service's signInUser (wechat-account-service).
    const company = await createCompanyRepository(t.database.db).findById(companyA);
    await expect(t.app.authService.signInUser(company!, brokerId)).rejects.toThrow(text_.disabledSignIn);
    // A session made some other way (a sign-in racing the disabling) is refused by the session check too.
    const raced = await createSessionRepository(t.database.db).create(brokerId, companyA);
    expect((await post('/api/login/check-token', raced, {})).statusCode).toBe(401);

    // Disabling again is no change: no new audit row, the version stays.
    const again = await post('/api/admin/distributor/disable', operator, { id, version: v + 1 });
    expect(again.json().data.version).toBe(v + 1);
    expect((await audits(id)).filter((a) => a.action === 'distributor.disable')).toHaveLength(1);
    const listed = await get('/api/admin/distributor/list?status=disabled', operator);
    expect(listed.json().data.list.map((d: { id: number }) => d.id)).toContain(id);

    // Enabling at a stale version, or from another company: nothing changes.
    const staleEnable = await post('/api/admin/distributor/enable', operator, { id, version: v });
    expect(staleEnable.statusCode).toBe(409);
    expect(staleEnable.json()).toMatchObject({ msg: text_.staleVersion, data: { reload: true, version: v + 1 } });
    expect((await post('/api/admin/distributor/enable', secondOperator, { id, version: v + 1 }, HOSTS.second)).statusCode).toBe(404);
    expect((await row(id)).active).toBe(false);
    const enabled = await post('/api/admin/distributor/enable', platformAdmin, { id, version: v + 1 });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data).toMatchObject({ active: true, version: v + 2 });
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'distributor.enable', detail: { actorRole: 'PLATFORM_ADMIN' } });
    const back = await mobileSign(DEMO_ACCOUNTS.otherBroker);
    expect(back.statusCode, back.body).toBe(200);
    expect((await post('/api/login/check-token', back.json().data.token, {})).statusCode).toBe(200);
    // The old token stays ended.
    expect((await post('/api/login/check-token', broker, {})).statusCode).toBe(401);
  });

  it('refuses a mobile token (403) and a bad id (400) and changes nothing', async () => {
    const id = await distributorOf(DEMO_ACCOUNTS.broker);
    const before = await row(id);
    const mobile = await post('/api/admin/distributor/disable', await t.tokenOf(DEMO_ACCOUNTS.general), { id, version: before.version });
    expect(mobile.statusCode).toBe(403);
    const bad = await post('/api/admin/distributor/disable', operator, { id: 'x', version: before.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'id' });
    expect(await row(id)).toEqual(before);
  });
});

describe('registration review', () => {
  it('lists registrations by status with the licence picture, and approves through the mobile review', async () => {
    const phone = '13766046001';
    const id = await registerDistributor(phone, '卢氏置业');
    const pending = await get('/api/admin/registration/list?status=PENDING', operator);
    expect(pending.statusCode, pending.body).toBe(200);
    const item = pending.json().data.list.find((r: { id: number }) => r.id === id);
    expect(item).toMatchObject({ status: 'PENDING', managerPhone: phone, name: '卢氏置业', reviewerName: '', reviewedAt: '' });
    expect(item.businessLicensePic).toMatch(/^\/uploads\/.+\?exp=\d+&sig=/);
    expect((await t.call({ method: 'GET', url: item.businessLicensePic })).statusCode).toBe(200);
    // Another company sees none of it, and cannot review it.
    const other = await get('/api/admin/registration/list', secondOperator, HOSTS.second);
    expect(other.json().data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    const foreign = await post('/api/admin/registration/review', secondOperator, { id, approve: true, reason: '' }, HOSTS.second);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(text_.registrationNotFound);
    // The review's own rule: a rejection needs a reason (400, nothing reviewed).
    const noReason = await post('/api/admin/registration/review', operator, { id, approve: false, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe(messages.registration.reviewReasonRequired);
    expect((await mobileSign(phone, 'reg12345')).json().msg).toBe(messages.registration.loginPending);
    const mobile = await post('/api/admin/registration/review', await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin), { id, approve: true, reason: '' });
    expect(mobile.statusCode).toBe(403);

    const res = await post('/api/admin/registration/review', operator, { id, approve: true, reason: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: messages.registration.reviewApproved, data: { id, status: 'APPROVED', notified: true } });
    const distributorId = res.json().data.distributorId as number;
    const reg = (await t.database.db.select().from(distributorRegistration).where(eq(distributorRegistration.id, id)))[0]!;
    expect(reg).toMatchObject({ status: 'APPROVED', distributorId });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'distributor_registration'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ action: 'registration.approve', detail: { actorRole: 'OPERATOR', changes: { status: { old: 'PENDING', new: 'APPROVED' } } } });
    // The new distributor's general account signs in on the app with the registration's password.
    const signed = await mobileSign(phone, 'reg12345');
    expect(signed.statusCode, signed.body).toBe(200);
    const d = (await get(`/api/admin/distributor/get?id=${distributorId}`, operator)).json().data;
    expect(d.staff).toEqual([expect.objectContaining({ phone, role: 'DIANZHANG', distributorControl: true })]);
    // Reviewed: the list shows who and when; a second review is the mobile review's 404.
    const done = await get('/api/admin/registration/list?status=APPROVED', operator);
    expect(done.json().data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'APPROVED', distributorId, reviewedAt: expect.stringMatching(/^\d{4}-/) });
    const twice = await post('/api/admin/registration/review', operator, { id, approve: false, reason: '重复' });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().msg).toBe(messages.registration.reviewGone);
  });

  it('rejects with a reason as the mobile review does', async () => {
    const phone = '13766046002';
    const id = await registerDistributor(phone, '卢记地产');
    const res = await post('/api/admin/registration/review', platformAdmin, { id, approve: false, reason: '营业执照不清晰' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REJECTED', distributorId: null });
    const rejected = await get('/api/admin/registration/list?status=REJECTED', operator);
    expect(rejected.json().data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ reason: '营业执照不清晰' });
    expect((await mobileSign(phone, 'reg12345')).json().msg).toBe(messages.registration.loginRejected('营业执照不清晰'));
    const bad = await get('/api/admin/registration/list?status=DONE', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(text_.statusInvalid);
  });
});
