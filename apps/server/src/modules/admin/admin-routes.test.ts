import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages } from '@baobei/shared/messages/admin';
import { queryRows } from '../../db/client';
import { auditLog, company, user } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** docs/decisions/039: the console's calls, each with success, bad input, stale version, wrong role, other company. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let ip = 0;
/** A fresh address per sign-in, so the per-address counts of one test never touch another. */
const nextIp = () => `10.99.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function consoleSign(phone: string, options: { host?: string; password?: string; extra?: object } = {}) {
  return t.call({
    method: 'POST',
    url: '/api/admin/auth/sign',
    host: options.host,
    remoteAddress: nextIp(),
    payload: { phone, password: options.password ?? '123456', ...options.extra },
  });
}
const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload });

async function companyRow(id: number) {
  const [row] = await t.database.db.select().from(company).where(eq(company.id, id));
  return row!;
}
async function auditRows(companyId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entity, 'company')))
    .orderBy(auditLog.id);
}

describe('console sign-in', () => {
  it('signs a console account in with the same session as the app and answers its user', async () => {
    const res = await consoleSign(CONSOLE_ACCOUNTS.operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ phone: CONSOLE_ACCOUNTS.operator, role: 'OPERATOR', name: '梁运营', mustChangePassword: false });
    expect(data.token).toMatch(/^[\w-]{30,}$/);
    const me = await get('/api/admin/auth/me', data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(data.user.id);
    expect(me.json().data.company).toMatchObject({ id: companyA, title: '海口新房报备', hosts: ['localhost'] });
  });

  it('refuses a mobile account, a wrong password and bad input with Chinese messages', async () => {
    const broker = await consoleSign(DEMO_ACCOUNTS.broker);
    expect(broker.statusCode).toBe(400);
    expect(broker.json().msg).toBe(messages.adminAuth.noConsoleAccess);
    const wrong = await consoleSign(CONSOLE_ACCOUNTS.operator, { password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(messages.login.wrongPassword);
    const empty = await consoleSign('', { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(messages.login.phoneRequired);
    expect(empty.json().data).toEqual({ field: 'phone' });
  });

  it('shares the sign-in limits: after 5 failures on the phone the picture code is required', async () => {
    const phone = CONSOLE_ACCOUNTS.platformAdmin;
    for (let i = 0; i < 5; i += 1) expect((await consoleSign(phone, { password: `wrong-${i}` })).statusCode).toBe(400);
    const needs = await consoleSign(phone);
    expect(needs.json().msg).toBe(messages.login.pictureCodeNeeded);
    expect(needs.json().data).toEqual({ needVerifyCode: true });
    const picture = await t.call({ method: 'GET', url: '/api/login/verify-code', remoteAddress: nextIp() });
    const { sn } = picture.json().data as { sn: string };
    const answer = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` })).json().data.code as string;
    const signed = await consoleSign(phone, { extra: { captchaSn: sn, captcha: answer } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.user.role).toBe('PLATFORM_ADMIN');
  });

  it('keeps console accounts out of the mobile sign-ins (password, SMS code, WeChat) and the mobile calls', async () => {
    const mobile = await t.call({
      method: 'POST',
      url: '/api/login/sign',
      remoteAddress: nextIp(),
      payload: { username: CONSOLE_ACCOUNTS.operator, password: '123456' },
    });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().msg).toBe(messages.adminAuth.consoleAccountOnMobile);

    const from = nextIp();
    const picture = (await t.call({ method: 'GET', url: '/api/login/verify-code', remoteAddress: from })).json().data as { sn: string };
    const answer = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${picture.sn}` })).json().data.code as string;
    const sent = await t.call({
      method: 'GET',
      url: `/api/login/get-code?username=${CONSOLE_ACCOUNTS.operator}&sn=${picture.sn}&code=${answer}`,
      remoteAddress: from,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = (await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${CONSOLE_ACCOUNTS.operator}` })).json().data.code as string;
    const byCode = await t.call({
      method: 'POST',
      url: '/api/login/sign-by-code',
      remoteAddress: from,
      payload: { username: CONSOLE_ACCOUNTS.operator, code },
    });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().msg).toBe(messages.adminAuth.consoleAccountOnMobile);

    // The WeChat sign-in ends in the auth service's signInUser (wechat-account-service.ts).
    const [operator] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyA), eq(user.phone, CONSOLE_ACCOUNTS.operator)));
    const tenant = await companyRow(companyA);
    await expect(t.app.authService.signInUser(tenant, operator!.id)).rejects.toMatchObject({ msg: messages.adminAuth.consoleAccountOnMobile });

    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const init = await get('/api/index/get-init-config', token);
    expect(init.statusCode).toBe(403);
    expect(init.json().msg).toBe(messages.adminAuth.consoleAccountOnMobile);
    const houses = await post('/api/index/get-house-list?page=1&pageSize=10', token, {});
    expect(houses.statusCode).toBe(403);
  });

  it('refuses a mobile token on the console calls', async () => {
    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    const me = await get('/api/admin/auth/me', broker);
    expect(me.statusCode).toBe(403);
    expect(me.json().msg).toBe(messages.adminAuth.noConsoleAccess);
    expect((await get('/api/admin/company/get-brand', broker)).statusCode).toBe(403);
    expect((await get('/api/admin/auth/me', undefined)).statusCode).toBe(401);
  });

  it('logs out: the token is dead afterwards', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const out = await post('/api/admin/auth/logout', token, {});
    expect(out.statusCode).toBe(200);
    expect((await get('/api/admin/auth/me', token)).statusCode).toBe(401);
  });

  it('holds an account that must change its password to me, logout and change-password', async () => {
    const phone = '13800000099';
    const [row] = await t.database.db
      .insert(user)
      .values({
        companyId: companyA,
        role: 'OPERATOR',
        name: '改密运营',
        phone,
        passwordHash: (await t.database.db.select().from(user).where(eq(user.phone, CONSOLE_ACCOUNTS.operator)))[0]!.passwordHash,
        mustChangePassword: true,
      })
      .returning();
    const token = await consoleToken(phone);
    expect((await get('/api/admin/auth/me', token)).json().data.user.mustChangePassword).toBe(true);
    const brand = await get('/api/admin/company/get-brand', token);
    expect(brand.statusCode).toBe(403);
    expect(brand.json().data).toEqual({ reason: 'MUST_CHANGE_PASSWORD' });
    const bad = await post('/api/admin/auth/change-password', token, { oldPassword: '123456', password: '12', passwordMore: '12' });
    expect(bad.statusCode).toBe(400);
    const changed = await post('/api/admin/auth/change-password', token, { oldPassword: '123456', password: 'Newpass88', passwordMore: 'Newpass88' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/admin/company/get-brand', token)).statusCode).toBe(200);
    // Sessions keep the account row; it leaves the company's console accounts by being deactivated.
    await t.database.db.update(user).set({ active: false }).where(eq(user.id, row!.id));
  });
});

describe('company brand and settings', () => {
  it('answers the own company for an OPERATOR, any company for a PLATFORM_ADMIN', async () => {
    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const own = await get('/api/admin/company/get-brand', operator);
    expect(own.statusCode).toBe(200);
    const brand = own.json().data;
    const row = await companyRow(companyA);
    expect(brand).toMatchObject({
      id: companyA,
      title: row.title,
      color: row.color,
      gradientColor: row.gradientColor,
      kefPhone: row.kefPhone,
      hosts: ['localhost'],
      maxCustomersPerReport: row.maxCustomersPerReport,
      defaultProtectHours: 72,
      defaultReportLeadTime: 30,
      dealConfirmByAdmin: row.dealConfirmByAdmin,
      wechatEnabled: true,
      version: row.version,
    });
    expect((await get(`/api/admin/company/get-brand?companyId=${companyA}`, operator)).statusCode).toBe(200);
    const other = await get(`/api/admin/company/get-brand?companyId=${companyB}`, operator);
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe(messages.adminCompany.companyIdPlatformOnly);

    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const second = await get(`/api/admin/company/get-brand?companyId=${companyB}`, platform);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: companyB, hosts: ['127.0.0.1'] });
    expect((await get('/api/admin/company/get-brand?companyId=999999', platform)).statusCode).toBe(404);
    expect((await get('/api/admin/company/get-brand?companyId=abc', platform)).statusCode).toBe(400);
  });

  it('an operator of company 127.0.0.1 can do nothing in company localhost', async () => {
    const second = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    // Its token on localhost's host: not a session there.
    expect((await get('/api/admin/company/get-brand', second, HOSTS.localhost)).statusCode).toBe(401);
    // On its own host, naming company localhost.
    const before = await companyRow(companyA);
    const named = await post('/api/admin/company/update-brand', second, { companyId: companyA, version: before.version, title: '别人的公司' }, HOSTS.second);
    expect(named.statusCode).toBe(403);
    expect((await companyRow(companyA)).title).toBe(before.title);
    // Its own company works.
    const own = await get('/api/admin/company/get-brand', second, HOSTS.second);
    expect(own.json().data.id).toBe(companyB);
    // The localhost operator cannot sign in on 127.0.0.1's host (no account there).
    expect((await consoleSign(CONSOLE_ACCOUNTS.operator, { host: HOSTS.second })).json().msg).toBe(messages.login.wrongPassword);
  });

  it('saves a change, bumps the version, writes the audit row, and the app sees it on its next load', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const before = await companyRow(companyA);
    // Warm the tenant cache and read the app's company answer.
    expect((await t.call({ method: 'GET', url: '/api/index/get-common-init-config' })).json().data.maxCustomersPerReport).toBe(before.maxCustomersPerReport);
    const res = await post('/api/admin/company/update-brand', token, {
      version: before.version,
      color: '#ff5500',
      gradientColor: '#ffaa00',
      maxCustomersPerReport: 7,
      agreement: '新的用户协议',
      title: before.title,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(messages.adminCompany.saved);
    const saved = res.json().data;
    expect(saved).toMatchObject({ color: '#ff5500', gradientColor: '#ffaa00', maxCustomersPerReport: 7, agreement: '新的用户协议', version: before.version + 1 });
    const after = await companyRow(companyA);
    expect(after).toMatchObject({ color: '#ff5500', maxCustomersPerReport: 7, version: before.version + 1 });

    const audit = (await auditRows(companyA)).at(-1)!;
    const [operator] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyA), eq(user.phone, CONSOLE_ACCOUNTS.operator)));
    expect(audit).toMatchObject({ action: 'company.update-brand', entity: 'company', entityId: companyA, actorId: operator!.id });
    expect(audit.detail.changes).toEqual({
      color: { old: before.color, new: '#ff5500' },
      gradientColor: { old: before.gradientColor, new: '#ffaa00' },
      agreement: { old: '', new: '新的用户协议' },
      maxCustomersPerReport: { old: before.maxCustomersPerReport, new: 7 },
    });

    // The mobile app's next load: the company answer and the tenant-cached init config.
    const company = await t.call({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.localhost}` });
    expect(company.json().data.color).toBe('#ff5500');
    // The start-up answer leaves the agreement out; the agreement page asks for it (decision 044).
    expect(company.json().data).not.toHaveProperty('agreement');
    const withAgreement = await t.call({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.localhost}&agreement=1` });
    expect(withAgreement.json().data).toMatchObject({ color: '#ff5500', agreement: '新的用户协议' });
    expect((await t.call({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.localhost}&agreement=yes` })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/index/get-common-init-config' })).json().data.maxCustomersPerReport).toBe(7);

    // Put it back, for the other tests of the file.
    const back = await post('/api/admin/company/update-brand', token, {
      version: after.version,
      color: before.color,
      gradientColor: before.gradientColor,
      maxCustomersPerReport: before.maxCustomersPerReport,
      agreement: '',
    });
    expect(back.statusCode).toBe(200);
  });

  it('saves the protection warning hours (0 to 168, 0: no warning) with its audit row', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const before = await companyRow(companyA);
    expect((await get('/api/admin/company/get-brand', token)).json().data.protectionWarningHours).toBe(before.protectionWarningHours);
    for (const [hours, version] of [[0, before.version], [168, before.version + 1], [before.protectionWarningHours, before.version + 2]] as const) {
      const res = await post('/api/admin/company/update-brand', token, { version, protectionWarningHours: hours });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ protectionWarningHours: hours, version: version + 1 });
      expect((await companyRow(companyA)).protectionWarningHours).toBe(hours);
      const audit = (await auditRows(companyA)).at(-1)!;
      expect(audit).toMatchObject({ action: 'company.update-brand', entityId: companyA });
      expect(audit.detail.changes).toEqual({ protectionWarningHours: { old: version === before.version ? before.protectionWarningHours : version === before.version + 1 ? 0 : 168, new: hours } });
    }
  });

  it('saves 到访提醒提前 (0 to 1440 minutes, default 120, 0: no reminder) with its audit row', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const before = await companyRow(companyA);
    expect(before.visitReminderMinutes).toBe(120);
    expect((await get('/api/admin/company/get-brand', token)).json().data.visitReminderMinutes).toBe(120);
    let old = before.visitReminderMinutes;
    let version = before.version;
    for (const minutes of [0, 1440, 120]) {
      const res = await post('/api/admin/company/update-brand', token, { version, visitReminderMinutes: minutes });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ visitReminderMinutes: minutes, version: version + 1 });
      expect((await companyRow(companyA)).visitReminderMinutes).toBe(minutes);
      const audit = (await auditRows(companyA)).at(-1)!;
      expect(audit).toMatchObject({ action: 'company.update-brand', entityId: companyA });
      expect(audit.detail.changes).toEqual({ visitReminderMinutes: { old, new: minutes } });
      old = minutes;
      version += 1;
    }
  });

  it('refuses a stale version with 409 and a reload hint, changing nothing', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const before = await companyRow(companyA);
    const audits = (await auditRows(companyA)).length;
    const res = await post('/api/admin/company/update-brand', token, { version: before.version - 1, title: '过时的修改' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(messages.adminCompany.staleVersion);
    expect(res.json().data).toEqual({ reload: true, version: before.version });
    expect(await companyRow(companyA)).toEqual(before);
    expect((await auditRows(companyA)).length).toBe(audits);
  });

  it('refuses bad input with the field and a Chinese message, changing nothing', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const before = await companyRow(companyA);
    const cases: [object, string, string][] = [
      [{ color: 'red' }, messages.adminCompany.colorInvalid('主题色'), 'color'],
      [{ logo: 'javascript:alert(1)' }, messages.adminCompany.pictureInvalid('Logo'), 'logo'],
      [{ maxCustomersPerReport: 99 }, messages.adminCompany.maxCustomersInvalid, 'maxCustomersPerReport'],
      [{ defaultReportLeadTime: -1 }, messages.adminCompany.leadTimeInvalid, 'defaultReportLeadTime'],
      [{ protectionWarningHours: 169 }, messages.adminCompany.protectionWarningHoursInvalid, 'protectionWarningHours'],
      [{ protectionWarningHours: -1 }, messages.adminCompany.protectionWarningHoursInvalid, 'protectionWarningHours'],
      [{ protectionWarningHours: 1.5 }, messages.adminCompany.protectionWarningHoursInvalid, 'protectionWarningHours'],
      [{ visitReminderMinutes: 1441 }, messages.adminCompany.visitReminderMinutesInvalid, 'visitReminderMinutes'],
      [{ visitReminderMinutes: -1 }, messages.adminCompany.visitReminderMinutesInvalid, 'visitReminderMinutes'],
      [{ visitReminderMinutes: 2.5 }, messages.adminCompany.visitReminderMinutesInvalid, 'visitReminderMinutes'],
      [{ visitReminderMinutes: '两小时' }, messages.adminCompany.visitReminderMinutesInvalid, 'visitReminderMinutes'],
      [{ title: '' }, messages.adminCompany.titleRequired, 'title'],
      [{ kefPhone: 'call me' }, messages.adminCompany.kefPhoneInvalid, 'kefPhone'],
      [{ dealConfirmByAdmin: 'yes' }, '成交确认开关格式不正确', 'dealConfirmByAdmin'],
    ];
    for (const [body, message, field] of cases) {
      const res = await post('/api/admin/company/update-brand', token, { version: before.version, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(message);
      expect(res.json().data).toEqual({ field });
    }
    const noVersion = await post('/api/admin/company/update-brand', token, { title: '没有版本号' });
    expect(noVersion.statusCode).toBe(400);
    expect(await companyRow(companyA)).toEqual(before);
  });

  it('lets only a PLATFORM_ADMIN change hosts, each host unique across companies', async () => {
    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const a = await companyRow(companyA);
    const byOperator = await post('/api/admin/company/update-brand', operator, { version: a.version, hosts: ['localhost', 'hk.example.com'] });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().msg).toBe(messages.adminCompany.hostsPlatformOnly);

    const b = await companyRow(companyB);
    const taken = await post('/api/admin/company/update-brand', platform, { companyId: companyB, version: b.version, hosts: ['127.0.0.1', 'localhost'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe(messages.adminCompany.hostTaken('localhost'));
    expect(await companyRow(companyB)).toEqual(b);

    const added = await post('/api/admin/company/update-brand', platform, { companyId: companyB, version: b.version, hosts: ['127.0.0.1', 'SY.example.com'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.hosts).toEqual(['127.0.0.1', 'sy.example.com']);
    const onNewHost = await t.call({ method: 'GET', url: '/api/index/get-company?host=sy.example.com' });
    expect(onNewHost.json().data.companyId).toBe(companyB);
    const audit = (await auditRows(companyB)).at(-1)!;
    expect(audit.detail.changes).toEqual({ hosts: { old: ['127.0.0.1'], new: ['127.0.0.1', 'sy.example.com'] } });
    const back = await post('/api/admin/company/update-brand', platform, { companyId: companyB, version: b.version + 1, hosts: ['127.0.0.1'] });
    expect(back.statusCode).toBe(200);
  });

  it("lets a PLATFORM_ADMIN change another company's settings and brand (公司管理), its own untouched", async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const a = await companyRow(companyA);
    const b = await companyRow(companyB);
    const read = await get(`/api/admin/company/get-brand?companyId=${companyB}`, platform);
    expect(read.json().data).toMatchObject({ id: companyB, version: b.version, hosts: ['127.0.0.1'] });
    const settings = {
      maxCustomersPerReport: b.maxCustomersPerReport === 3 ? 4 : 3,
      defaultProtectHours: 48,
      defaultReportLeadTime: 45,
      dealConfirmByAdmin: !b.dealConfirmByAdmin,
      wechatEnabled: !b.wechatEnabled,
      kefPhone: '0898-12345678',
      agreement: '第二家公司的用户协议',
    };
    const res = await post('/api/admin/company/update-brand', platform, { companyId: companyB, version: b.version, ...settings });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: companyB, version: b.version + 1, ...settings });
    expect(await companyRow(companyB)).toMatchObject({ ...settings, version: b.version + 1 });
    expect(await companyRow(companyA)).toEqual(a);
    const audit = (await auditRows(companyB)).at(-1)!;
    expect(audit.detail).toMatchObject({ actorCompanyId: companyA, actorRole: 'PLATFORM_ADMIN', version: b.version + 1 });
    expect(Object.keys(audit.detail.changes as object).sort()).toEqual(Object.keys(settings).sort());
    // The second company's app reads them on its next load.
    const init = await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: HOSTS.second });
    expect(init.json().data.maxCustomersPerReport).toBe(settings.maxCustomersPerReport);
    const withAgreement = await t.call({ method: 'GET', url: `/api/index/get-company?host=${HOSTS.second}&agreement=1`, host: HOSTS.second });
    expect(withAgreement.json().data.agreement).toBe(settings.agreement);

    const back = await post('/api/admin/company/update-brand', platform, {
      companyId: companyB,
      version: b.version + 1,
      maxCustomersPerReport: b.maxCustomersPerReport,
      defaultProtectHours: b.defaultProtectHours,
      defaultReportLeadTime: b.defaultReportLeadTime,
      dealConfirmByAdmin: b.dealConfirmByAdmin,
      wechatEnabled: b.wechatEnabled,
      kefPhone: b.kefPhone,
      agreement: b.agreement,
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('companies (PLATFORM_ADMIN)', () => {
  it('lists every company with hosts and console accounts; an OPERATOR gets 403', async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const res = await get('/api/admin/company/list?page=1&pageSize=50', platform);
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(2);
    // Company localhost: its 运营管理员, the platform administrator, and the 财务, 内容 and 只读 operators (decision 081).
    expect(list.find((c: { id: number }) => c.id === companyA)).toMatchObject({ hosts: ['localhost'], operatorCount: 5 });
    expect(list.find((c: { id: number }) => c.id === companyB)).toMatchObject({ hosts: ['127.0.0.1'], operatorCount: 1 });
    const found = await get('/api/admin/company/list?keyword=三亚', platform);
    expect(found.json().data.list.map((c: { id: number }) => c.id)).toEqual([companyB]);
    expect((await get('/api/admin/company/list?pageSize=1000', platform)).statusCode).toBe(400);

    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    expect((await get('/api/admin/company/list', operator)).statusCode).toBe(403);
  });

  it('creates a company the mobile app loads on its host; hosts stay unique; an OPERATOR gets 403', async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const res = await post('/api/admin/company/create', platform, { title: '文昌新房报备', hosts: ['wc.example.com', 'www.wc.example.com'], color: '#00a870' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: '文昌新房报备',
      color: '#00a870',
      hosts: ['wc.example.com', 'www.wc.example.com'],
      maxCustomersPerReport: 5,
      defaultProtectHours: 72,
      dealConfirmByAdmin: false,
      version: 1,
    });
    const [audit] = await auditRows(created.id);
    expect(audit).toMatchObject({ action: 'company.create', entityId: created.id });

    const company = await t.app.inject({ method: 'GET', url: '/api/index/get-company?host=wc.example.com' });
    expect(company.statusCode).toBe(200);
    expect(company.json().data).toMatchObject({ companyId: created.id, title: '文昌新房报备', color: '#00a870' });
    const init = await t.app.inject({ method: 'GET', url: '/api/index/get-common-init-config', headers: { host: 'www.wc.example.com' } });
    expect(init.statusCode, init.body).toBe(200);
    expect(init.json().data).toMatchObject({ cityList: [], maxCustomersPerReport: 5 });

    const again = await post('/api/admin/company/create', platform, { title: '重复域名', hosts: ['new.example.com', 'WC.example.com'] });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(messages.adminCompany.hostTaken('wc.example.com'));
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from company where title = '重复域名'`);
    expect(rows[0]?.n).toBe(0);

    const noTitle = await post('/api/admin/company/create', platform, { hosts: ['x.example.com'] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toBe(messages.adminCompany.titleRequired);

    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    expect((await post('/api/admin/company/create', operator, { title: '运营建的', hosts: ['op.example.com'] })).statusCode).toBe(403);
  });

  it('creates the first operator with the company: a one-time password answered once, stored hashed, changed at the first sign-in', async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const res = await post('/api/admin/company/create', platform, {
      title: '琼海新房报备',
      hosts: ['qh.example.com'],
      operator: { name: ' 符运营 ', phone: '13900001111' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created.operator).toMatchObject({ name: '符运营', phone: '13900001111' });
    expect(created.operator.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const [account] = await queryRows<{ role: string; must_change_password: boolean; password_hash: string }>(
      t.database.db,
      sql`select role, must_change_password, password_hash from "user" where company_id = ${created.id}`,
    );
    expect(account).toMatchObject({ role: 'OPERATOR', must_change_password: true });
    expect(account!.password_hash).not.toContain(created.operator.password);
    const audits = await queryRows<{ action: string; entity: string; actor_id: number }>(
      t.database.db,
      sql`select action, entity, actor_id from audit_log where company_id = ${created.id} order by id`,
    );
    expect(audits.map((a) => `${a.action} ${a.entity}`)).toEqual(['company.create company', 'account.create user']);

    // The operator signs in to the new company's console on its host, and must change the password first.
    const signed = await consoleSign('13900001111', { host: 'qh.example.com', password: created.operator.password });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.user).toMatchObject({ role: 'OPERATOR', mustChangePassword: true });
    // The company list counts it.
    const list = await get('/api/admin/company/list?keyword=琼海', platform);
    expect(list.json().data.list[0]).toMatchObject({ id: created.id, operatorCount: 1 });
  });

  it('refuses a bad operator with its Chinese message and writes nothing', async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const badPhone = await post('/api/admin/company/create', platform, { title: '万宁新房报备', hosts: ['wn.example.com'], operator: { name: '王', phone: '12345' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().msg).toBe(adminAccountMessages.phoneInvalid);
    const noName = await post('/api/admin/company/create', platform, { title: '万宁新房报备', hosts: ['wn.example.com'], operator: { name: ' ', phone: '13900002222' } });
    expect(noName.json().msg).toBe(adminAccountMessages.nameRequired);
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from company where title = '万宁新房报备'`);
    expect(rows[0]?.n).toBe(0);
  });
});

// docs/decisions/050: after this file's flows, no audit row they wrote holds a password, its hash or a token.
describe('audit rows of these flows', () => {
  it('hold no password, hash or token', async () => {
    const { expectNoSecretsInAudit } = await import('../../test/audit-secrets');
    expect(await expectNoSecretsInAudit(t.database.db)).toBeGreaterThan(0);
  });
});
