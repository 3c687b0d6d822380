import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { isValidCreditCode } from '@baobei/shared/rules/registration';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { distributor, distributorRegistration, user } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { LOCAL_COMPANIES } from './company-registry';
import { REGISTRATION_LIMITS } from './registration-service';

const registrationText = messages.registration;
let t: TestApp;
let dataDir: string;
const logLines: string[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-registration-'));
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ config: { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, logStream });
  for (const [role, phone] of Object.entries(DEMO_ACCOUNTS)) tokens[role] = await t.login(phone);
  tokens.secondAdmin = await t.login('13900000007', { host: HOSTS.second });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploadLicence(host: string = HOSTS.localhost, ip = '10.0.0.1'): Promise<string> {
  const body = multipartFile(TINY_PNG, 'licence.png', 'image/png');
  const res = await t.call({
    method: 'POST',
    url: '/api/publicapi/upload-licence',
    host,
    payload: body.payload,
    headers: body.headers,
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

async function cityId(host: string = HOSTS.localhost): Promise<number> {
  const res = await t.call({ method: 'GET', url: '/api/publicapi/get-city', host });
  return res.json().data[0].children[0].value as number;
}

async function channelId(): Promise<number> {
  const res = await t.call({ method: 'POST', url: '/api/publicapi/get-channel-select' });
  return res.json().data[0].id as number;
}

let phoneSeq = 0;
async function payload(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  const company = LOCAL_COMPANIES[phoneSeq]!;
  return {
    password: 'reg12345',
    companyLicenseName: company.name,
    name: company.name.slice(2, 6),
    managerName: '测试负责人',
    managerPhone: `1370000${String(5000 + phoneSeq)}`,
    address: '海口市龙华区滨海大道100号',
    channelId: await channelId(),
    channelName: '',
    employeeId: null,
    businessLicensePic: await uploadLicence(),
    locationId: await cityId(),
    creditNo: company.creditNo,
    ...overrides,
  };
}

let ipSeq = 0;
/** Each call from its own address unless told, so the per-address limit only bites where tested. */
const register = (body: unknown, extra: { host?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.call({
    method: 'POST',
    url: '/api/publicapi/reg-distributor',
    payload: body as object,
    host: extra.host,
    remoteAddress: extra.remoteAddress ?? `10.1.0.${(ipSeq += 1)}`,
    headers: extra.headers,
  });

const signIn = (phone: string, password: string) =>
  t.call({ method: 'POST', url: '/api/login/sign', payload: { username: phone, password } });

const review = (body: object, token?: string, host?: string) =>
  t.call({ method: 'POST', url: '/api/publicapi/review-registration', payload: body, token, host });

const listPending = (token?: string, host?: string) =>
  t.call({ method: 'POST', url: '/api/publicapi/get-registration-list?page=1&pageSize=50', payload: {}, token, host });

describe('company registry lookup (anonymous)', () => {
  it('finds companies by keyword and the credit code by name', async () => {
    const found = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-keyword?keyword=${encodeURIComponent('三亚')}` });
    expect(found.statusCode).toBe(200);
    const names = (found.json().data as { name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((n) => n.includes('三亚'))).toBe(true);
    const first = LOCAL_COMPANIES[0]!;
    const byName = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-name?name=${encodeURIComponent(first.name)}` });
    expect(byName.json().data).toEqual({ name: first.name, creditNo: first.creditNo });
  });

  it('answers an unknown name with a failure, so the form asks for the code by hand', async () => {
    const res = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-name?name=${encodeURIComponent('不存在的公司')}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(registrationText.companyNotFound);
    const none = await t.call({ method: 'GET', url: '/api/publicapi/get-company-by-keyword?keyword=' });
    expect(none.json().data).toEqual([]);
  });
});

describe('public calls: every role and visitors alike', () => {
  it('answers the lookups with or without a session', async () => {
    for (const token of [undefined, ...Object.values(tokens)]) {
      const channels = await t.call({ method: 'POST', url: '/api/publicapi/get-channel-select', token, host: token === tokens.secondAdmin ? HOSTS.second : undefined });
      expect(channels.statusCode).toBe(200);
      const search = await t.call({ method: 'GET', url: `/api/publicapi/get-company-by-keyword?keyword=${encodeURIComponent('海口')}`, token, host: token === tokens.secondAdmin ? HOSTS.second : undefined });
      expect(search.statusCode).toBe(200);
    }
  });
});

describe('channel contacts and city tree (anonymous)', () => {
  it('lists the tenant’s CHANNEL and CHANNELJINGLI users only', async () => {
    const res = await t.call({ method: 'POST', url: '/api/publicapi/get-channel-select' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { mobile: string; role: string }[];
    expect(list.map((c) => c.mobile).sort()).toEqual(['13800000004', '13800000005']);
    const second = await t.call({ method: 'POST', url: '/api/publicapi/get-channel-select', host: HOSTS.second });
    expect((second.json().data as { mobile: string }[]).map((c) => c.mobile).sort()).toEqual(['13900000004', '13900000005']);
  });

  it('serves the city tree to visitors', async () => {
    const res = await t.call({ method: 'GET', url: '/api/publicapi/get-city' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});

describe('licence upload (anonymous, rate-limited)', () => {
  it('takes an image without a session, refuses a non-image, and stops an address past the limit', async () => {
    // A licence is a private picture: answered as a short-lived signed URL (decision 018).
    expect(await uploadLicence(HOSTS.localhost, '10.9.9.9')).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]+$/);
    const text = multipartFile(Buffer.from('not a picture'), 'a.png', 'image/png');
    const bad = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', payload: text.payload, headers: text.headers, remoteAddress: '10.9.9.8' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(messages.upload.notImage);
    for (let i = 1; i < REGISTRATION_LIMITS.uploadsPerIpPerHour; i++) await uploadLicence(HOSTS.localhost, '10.9.9.9');
    const body = multipartFile(TINY_PNG, 'licence.png', 'image/png');
    const over = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', payload: body.payload, headers: body.headers, remoteAddress: '10.9.9.9' });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(registrationText.uploadTooMany);
  });
});

describe('POST /api/publicapi/reg-distributor', () => {
  it('registers a company outside the registry with a typed code of valid check character', async () => {
    const body = await payload({ companyLicenseName: '三沙永兴岛房产经纪有限公司', name: '永兴房产', creditNo: '91460300ma5tq88818' });
    // 91460300MA5TQ8881 and its check character 8, typed in lower case.
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(distributorRegistration)
      .where(eq(distributorRegistration.id, res.json().data.id as number));
    expect(row).toMatchObject({ status: 'PENDING', companyLicenseName: '三沙永兴岛房产经纪有限公司', creditNo: '91460300MA5TQ88818' });
  });

  it('refuses a code whose check character is wrong, for a listed or an unlisted company', async () => {
    const unlisted = await register(await payload({ companyLicenseName: '三沙永兴岛置业有限公司', creditNo: '91460300MA5TQ8881Q' }));
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().msg).toBe(registrationText.creditNoInvalid);
    const listed = await payload();
    const typo = await register({ ...listed, creditNo: `${listed.creditNo.slice(0, 17)}${listed.creditNo.endsWith('1') ? '2' : '1'}` });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().msg).toBe(registrationText.creditNoInvalid);
  });

  it('refuses a company the registry knows under another (valid) code', async () => {
    const other = LOCAL_COMPANIES[LOCAL_COMPANIES.length - 2]!;
    const res = await register(await payload({ creditNo: other.creditNo }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(registrationText.creditNoMismatch);
    const nothing = await t.database.db.select().from(distributorRegistration).where(eq(distributorRegistration.creditNo, other.creditNo));
    expect(nothing).toHaveLength(0);
  });

  it('ships registry codes that pass the check character', async () => {
    expect(LOCAL_COMPANIES.filter((c) => !isValidCreditCode(c.creditNo))).toEqual([]);
  });

  it('checks the spec’s rules in order', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(registrationText.companyRequired);
    const base = await payload();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, registrationText.shortNameRequired],
      [{ creditNo: '' }, registrationText.creditNoRequired],
      [{ managerName: '' }, registrationText.managerNameRequired],
      [{ managerPhone: '' }, registrationText.managerPhoneRequired],
      [{ managerPhone: '1234' }, registrationText.managerPhoneInvalid],
      [{ address: '' }, registrationText.addressRequired],
      [{ businessLicensePic: '' }, registrationText.licenceRequired],
      [{ locationId: null }, registrationText.regionRequired],
      [{ password: '' }, registrationText.passwordRequired],
      [{ password: '12345' }, registrationText.passwordMinSix],
    ];
    for (const [change, message] of cases) {
      const answer = await register({ ...base, ...change });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().msg).toBe(message);
    }
  });

  it('refuses a licence that is not an upload of this company, a foreign region and a non-channel contact', async () => {
    const base = await payload();
    const fake = await register({ ...base, businessLicensePic: '/uploads/2020/01/0123456789abcdef0123456789abcdef.png' });
    expect(fake.json().msg).toBe(registrationText.licenceInvalid);
    const foreign = await register({ ...base, businessLicensePic: await uploadLicence(HOSTS.second) });
    expect(foreign.json().msg).toBe(registrationText.licenceInvalid);
    const region = await register({ ...base, locationId: await cityId(HOSTS.second) });
    expect(region.json().msg).toBe(registrationText.regionInvalid);
    const [broker] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.phone, DEMO_ACCOUNTS.broker));
    const channel = await register({ ...base, channelId: broker!.id });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().msg).toBe(registrationText.channelInvalid);
  });

  it('refuses a phone or credit code already registered or waiting', async () => {
    const taken = await register(await payload({ managerPhone: DEMO_ACCOUNTS.manager }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(registrationText.phoneTaken);
    const [existing] = await t.database.db.select({ creditNo: distributor.creditNo }).from(distributor).limit(1);
    // Under a name the registry does not know (the manual path), so the registry's own code does not decide.
    const creditTaken = await register(await payload({ companyLicenseName: '海南已注册测试有限公司', creditNo: existing!.creditNo }));
    expect(creditTaken.json().msg).toBe(registrationText.creditNoTaken);

    const first = await payload();
    expect((await register(first)).statusCode).toBe(200);
    const samePhone = await register(await payload({ managerPhone: first.managerPhone }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().msg).toBe(registrationText.phonePending);
    const sameCredit = await register(await payload({ companyLicenseName: first.companyLicenseName, creditNo: first.creditNo }));
    expect(sameCredit.json().msg).toBe(registrationText.creditNoPending);
  });

  it('stops an address past the hourly limit', async () => {
    const from = { remoteAddress: '10.2.0.1' };
    const body = await payload();
    const answers: number[] = [];
    for (let i = 0; i < REGISTRATION_LIMITS.submitsPerIpPerHour; i++) answers.push((await register(body, from)).statusCode);
    expect(answers).toEqual([200, ...Array<number>(REGISTRATION_LIMITS.submitsPerIpPerHour - 1).fill(409)]);
    const over = await register(body, from);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(registrationText.tooMany);
  });

  it('stores the registration hashed and replays the answer for the same Idempotency-Key', async () => {
    const body = await payload();
    const headers = { 'idempotency-key': 'register-key-0001' };
    // A visitor's key is its own, by address (decision 061): the retry comes from the same one.
    const res = await register(body, { headers, remoteAddress: '10.3.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(registrationText.success);
    expect(res.json().msgTitle).toBe(registrationText.successTitle);
    const again = await register(body, { headers, remoteAddress: '10.3.0.1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [row] = await t.database.db
      .select()
      .from(distributorRegistration)
      .where(eq(distributorRegistration.id, res.json().data.id as number));
    expect(row).toMatchObject({ status: 'PENDING', managerPhone: body.managerPhone, creditNo: body.creditNo });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('a pending registrant asking for an SMS sign-in code', () => {
  it('hears that the application awaits review, not that the phone is unknown', async () => {
    const captcha = await t.call({ method: 'GET', url: '/api/login/verify-code' });
    const sn = captcha.json().data.sn as string;
    const code = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` })).json().data.code as string;
    // The seed's pending registration (db/seed/accounts.ts).
    const res = await t.call({ method: 'GET', url: `/api/login/get-code?username=13700001111&sn=${sn}&code=${code}&purpose=login` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(registrationText.loginPending);
  });
});

describe('registration review (AUDITORADMIN only)', () => {
  it('lets only AUDITORADMIN list and review; visitors get 401', async () => {
    expect((await listPending()).statusCode).toBe(401);
    expect((await review({ id: 1, approve: true, reason: '' })).statusCode).toBe(401);
    for (const role of ['general', 'manager', 'broker', 'channel', 'channelManager', 'auditor'] as const) {
      const list = await listPending(tokens[role]);
      expect(list.statusCode, role).toBe(403);
      expect(list.json().msg).toBe(messages.common.noPermission);
      expect((await review({ id: 1, approve: true, reason: '' }, tokens[role])).statusCode, role).toBe(403);
    }
    const ok = await listPending(tokens.auditorAdmin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.total).toBeGreaterThan(0);
  });

  it('approves: nothing signs in before, the general account with the registrant’s password after, SMS notice', async () => {
    const body = await payload();
    const submitted = await register(body);
    const id = submitted.json().data.id as number;

    const before = await signIn(body.managerPhone, body.password);
    expect(before.statusCode).toBe(400);
    expect(before.json().msg).toBe(registrationText.loginPending);
    // A wrong password still hears only the usual answer: it does not reveal the registration.
    expect((await signIn(body.managerPhone, 'wrong-pass')).json().msg).toBe(messages.login.wrongPassword);

    const list = await listPending(tokens.auditorAdmin);
    const item = (list.json().data.list as { id: number }[]).find((x) => x.id === id);
    expect(item).toMatchObject({
      companyLicenseName: body.companyLicenseName,
      name: body.name,
      creditNo: body.creditNo,
      managerName: body.managerName,
      managerPhone: body.managerPhone,
      address: body.address,
      locationId: body.locationId,
      channelId: body.channelId,
      channelMobile: '13800000004',
    });
    expect((item as unknown as { locationName: string }).locationName).not.toBe('');
    // The same private picture, signed for this answer (the signature changes by the hour).
    const licence = (item as unknown as { businessLicensePic: string }).businessLicensePic;
    expect(licence).toMatch(/\?exp=\d+&sig=/);
    expect(plainUploadUrl(licence)).toBe(plainUploadUrl(body.businessLicensePic));

    // Another company's admin cannot see or review it.
    const foreignList = await listPending(tokens.secondAdmin, HOSTS.second);
    expect((foreignList.json().data.list as { id: number }[]).some((x) => x.id === id)).toBe(false);
    expect((await review({ id, approve: true, reason: '' }, tokens.secondAdmin, HOSTS.second)).statusCode).toBe(404);

    const approved = await review({ id, approve: true, reason: '' }, tokens.auditorAdmin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().msg).toBe(registrationText.reviewApproved);
    const distributorId = approved.json().data.distributorId as number;
    const [d] = await t.database.db.select().from(distributor).where(eq(distributor.id, distributorId));
    expect(d).toMatchObject({ name: body.companyLicenseName, shortName: body.name, creditNo: body.creditNo, channelUserId: body.channelId });
    const [account] = await t.database.db.select().from(user).where(and(eq(user.phone, body.managerPhone), eq(user.distributorId, distributorId)));
    expect(account).toMatchObject({ role: 'DIANZHANG', distributorControl: true, mustChangePassword: false, name: body.managerName });

    const sms = logLines.join('').split('\n').filter((line) => line.includes('dev sms adapter'));
    expect(sms.some((line) => line.includes(registrationText.smsApproved('海口新房报备', body.name)))).toBe(true);

    const after = await signIn(body.managerPhone, body.password);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.userInfo).toMatchObject({ distributorStaffType: 'DIANZHANG', distributorControl: 1, mustChangePassword: false });

    const twice = await review({ id, approve: false, reason: '重复' }, tokens.auditorAdmin);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().msg).toBe(registrationText.reviewGone);
  });

  it('rejects with a reason (SMS notice); the registrant hears it at sign-in and may register again', async () => {
    const body = await payload();
    const id = (await register(body)).json().data.id as number;
    const noReason = await review({ id, approve: false, reason: '  ' }, tokens.auditorAdmin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe(registrationText.reviewReasonRequired);

    const rejected = await review({ id, approve: false, reason: '营业执照不清晰' }, tokens.auditorAdmin);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toEqual({ id, status: 'REJECTED', distributorId: null, notified: true });
    const sms = logLines.join('');
    expect(sms).toContain(registrationText.smsRejected('海口新房报备', body.name, '营业执照不清晰'));

    const login = await signIn(body.managerPhone, body.password);
    expect(login.statusCode).toBe(400);
    expect(login.json().msg).toBe(registrationText.loginRejected('营业执照不清晰'));
    expect((await listPending(tokens.auditorAdmin)).json().data.list.some((x: { id: number }) => x.id === id)).toBe(false);

    const again = await register({ ...body, businessLicensePic: await uploadLicence() });
    expect(again.statusCode).toBe(200);
  });
});
