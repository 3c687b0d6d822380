import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UNREPORTABLE_STATUSES } from '@baobei/shared/rules/house';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { customer, distributorRegistration, favorite, house, record, recordApproval, shareVisit, user, userIdentity } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { LOCAL_COMPANIES } from '../modules/registration/company-registry';
import { authorizeAt, startFakeWechat, type FakeWechat } from './fake-wechat';
import { multipartFile, TINY_PNG } from './multipart';
import { insertReport, reportSubmitPayload, userIdOf } from './records';
import { recordSuiteFigures } from './suite-figures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every check-then-write rule raced through the real app. N calls
 * go out at once (app.inject in parallel: on PostgreSQL they run on the pool's connections
 * side by side; PGlite runs them one after another). Each race must leave exactly one winner,
 * the others answered with the rule's 409, and exactly one row in the database.
 */
const N = 20;
let t: TestApp;
let dataDir: string;
let fake: FakeWechat;
let companyId: number;
const tokens = {} as Record<'general' | 'manager' | 'broker' | 'other' | 'admin', string>;
let houses: { id: number }[];

const figures = { rules: new Set<string>(), runs: 0, extraRows: 0 };
/** One race of N calls: counts it, and the rows beyond the one the rule allows. */
async function race(rule: string, call: (i: number) => Promise<LightMyRequestResponse>, n = N): Promise<LightMyRequestResponse[]> {
  figures.rules.add(rule);
  figures.runs += 1;
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
  return answers;
}
function rows(n: number, allowed = 1): number {
  figures.extraRows += Math.max(0, n - allowed);
  return n;
}
function oneWinner(answers: LightMyRequestResponse[], msg: string): void {
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  const losers = answers.filter((a) => a.statusCode !== 200);
  expect(losers.map((a) => a.statusCode)).toEqual(Array(answers.length - 1).fill(409));
  for (const a of losers) expect(a.json().msg).toBe(msg);
}

const post = (url: string, payload: object, token?: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.call({ method: 'POST', url, payload, token, ...extra });

let phoneSeq = 0;
/** A fresh mainland phone (165 is not a seeded prefix). */
const freshPhone = () => `1650000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-races-'));
  fake = await startFakeWechat();
  t = await createTestApp({
    config: { DATA_DIR: dataDir, WECHAT_APP_ID: fake.appId, WECHAT_APP_SECRET: fake.secret, WECHAT_API_BASE: fake.base, WECHAT_OPEN_BASE: fake.base },
  });
  companyId = await t.companyIdOf('localhost');
  const logins = { general: '13800000001', manager: '13800000002', broker: '13800000003', other: '13800000008', admin: '13800000007' } as const;
  for (const [who, phone] of Object.entries(logins)) tokens[who as keyof typeof logins] = await t.login(phone);
  // N listings that take a full number without ID pictures, 30 minutes' lead time.
  houses = await t.database.db
    .select({ id: house.id })
    .from(house)
    // Listings a report may name: sold-out and stopped ones are refused.
    .where(and(eq(house.companyId, companyId), eq(house.active, true), notInArray(house.sellingStatus, [...UNREPORTABLE_STATUSES])))
    .orderBy(asc(house.id))
    .limit(N);
  expect(houses).toHaveLength(N);
  await t.database.db
    .update(house)
    .set({ ruleTel: 'FULL', isNeedIdCard: false, reportLeadTime: 30, reportProtectHours: 72 })
    .where(sql`${house.id} in (${sql.join(houses.map((h) => sql`${h.id}`), sql`, `)})`);
});
afterAll(async () => {
  recordSuiteFigures('races', `${figures.rules.size} rules, ${figures.runs} races of up to ${N} calls, ${figures.extraRows} extra rows`);
  await t.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const liveCustomers = async (phone: string) =>
  t.database.db.select({ id: customer.id }).from(customer).where(and(eq(customer.companyId, companyId), eq(customer.phone, phone), isNull(customer.deletedAt)));

function reportDraft(houseIds: number[], phone: string) {
  return reportSubmitPayload(houseIds, { name: '并发客户', phone });
}

describe('customers', () => {
  it('add-customer: one live customer per owner and phone', async () => {
    const phone = freshPhone();
    const answers = await race('customer add', () => post('/api/record/add-customer', { name: '并发', sex: 1, phone, telType: 0, customerPic: [] }, tokens.broker));
    oneWinner(answers, messages.customer.phoneDuplicate);
    expect(rows((await liveCustomers(phone)).length)).toBe(1);
  });

  it('report submits of one new customer to N listings at once share one customer', async () => {
    const phone = freshPhone();
    const answers = await race('customer of racing submits', (i) => post('/api/record/post-record-data', reportDraft([houses[i]!.id], phone), tokens.broker));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(rows((await liveCustomers(phone)).length)).toBe(1);
    const reports = await t.database.db.select({ customerId: record.customerId }).from(record).where(eq(record.customerPhone, phone));
    expect(reports).toHaveLength(N);
    expect(new Set(reports.map((r) => r.customerId)).size).toBe(1);
  });
});

describe('reports', () => {
  it('duplicate report: one customer, one listing, two distributors: one report', async () => {
    const phone = freshPhone();
    const answers = await race('duplicate report', (i) =>
      post('/api/record/post-record-data', reportDraft([houses[0]!.id], phone), i % 2 === 0 ? tokens.broker : tokens.other),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(N - 1);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().msg).toMatch(/^该客户已报备过此楼盘|已被其他渠道报备/);
    const reports = await t.database.db
      .select({ id: record.id })
      .from(record)
      .where(and(eq(record.houseId, houses[0]!.id), eq(record.customerPhoneMasked, maskPhone(phone))));
    expect(rows(reports.length)).toBe(1);
  });

  it('audit: N audits of one version: one status change', async () => {
    const row = await insertReport(t, companyId, { status: 'RECORDSTART', reporterId: await userIdOf(t, companyId, '13800000003') });
    const answers = await race('audit of one version', (i) =>
      post(
        '/api/record/submit-record-audit-data',
        { id: row.id, approvalStatus: i % 2 === 0 ? 'RECORDSTANDBY' : 'RECORDCOMPLETE', version: 1, reback: false, approvalResult: '审核意见', visitTime: '' },
        tokens.admin,
      ),
    );
    oneWinner(answers, messages.recordTrack.staleVersion);
    const history = await t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, row.id));
    expect(rows(history.length)).toBe(1);
    const [after] = await t.database.db.select({ version: record.version }).from(record).where(eq(record.id, row.id));
    expect(after!.version).toBe(2);
  });
});

describe('staff phones (user_company_phone_uq)', () => {
  const accounts = async (phone: string) => t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone)));

  it('add-user: one account per phone', async () => {
    const phone = freshPhone();
    const answers = await race('staff add', (i) => post('/api/user/add-user', { name: `并发${i}`, shopname: '', phone, sex: 1 }, tokens.manager));
    oneWinner(answers, messages.staff.phoneTaken);
    expect(rows((await accounts(phone)).length)).toBe(1);
  });

  it('batch-add-user: one account per phone, the others reported refused', async () => {
    const phone = freshPhone();
    const answers = await race('staff batch add', (i) =>
      post('/api/user/batch-add-user', { list: [{ name: `批量${i}`, shopname: '', phone, sex: 1 }] }, tokens.manager),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(answers.reduce((n, a) => n + (a.json().data.added as number), 0)).toBe(1);
    expect(rows((await accounts(phone)).length)).toBe(1);
  });

  it('update-user: N accounts edited to one new phone: one gets it', async () => {
    const list = Array.from({ length: N }, (_, i) => ({ name: `编辑${i}`, shopname: '', phone: freshPhone(), sex: 1 }));
    const added = await post('/api/user/batch-add-user', { list }, tokens.manager);
    const uids = (added.json().data.list as { uid: number }[]).map((r) => r.uid);
    expect(uids.every((u) => u > 0)).toBe(true);
    const phone = freshPhone();
    const answers = await race('staff edit', (i) => post('/api/user/update-user', { uid: uids[i], name: `编辑${i}`, shopname: '', phone, sex: 1 }, tokens.manager));
    oneWinner(answers, messages.staff.phoneTaken);
    expect(rows((await accounts(phone)).length)).toBe(1);
  });
});

describe('registrations', () => {
  it('reg-distributor: one pending registration per phone and credit code', async () => {
    const licence = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', remoteAddress: '10.7.0.1', ...multipartFile(TINY_PNG, 'licence.png', 'image/png') });
    expect(licence.statusCode).toBe(200);
    const channels = await post('/api/publicapi/get-channel-select', {});
    const cities = await t.call({ method: 'GET', url: '/api/publicapi/get-city' });
    const company = LOCAL_COMPANIES[LOCAL_COMPANIES.length - 1]!;
    const phone = freshPhone();
    const body = {
      password: 'reg12345',
      companyLicenseName: company.name,
      name: company.name.slice(2, 6),
      managerName: '并发负责人',
      managerPhone: phone,
      address: '海口市龙华区滨海大道100号',
      channelId: channels.json().data[0].id,
      channelName: '',
      employeeId: null,
      businessLicensePic: licence.json().data.url,
      locationId: cities.json().data[0].children[0].value,
      creditNo: company.creditNo,
    };
    // Each from its own address: the per-address limit is not the rule raced here.
    const answers = await race('pending registration', (i) => post('/api/publicapi/reg-distributor', body, undefined, { remoteAddress: `10.7.1.${i + 1}` }));
    oneWinner(answers, messages.registration.phonePending);
    const pending = await t.database.db
      .select({ id: distributorRegistration.id })
      .from(distributorRegistration)
      .where(and(eq(distributorRegistration.companyId, companyId), eq(distributorRegistration.managerPhone, phone)));
    expect(rows(pending.length)).toBe(1);
  });
});

describe('favourites and share visits', () => {
  it('favorite-house: N adds of one listing leave one favourite', async () => {
    const answers = await race('favourite', () => post('/api/user/favorite-house', { id: houses[1]!.id, status: 1, name: '' }, tokens.broker));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    const brokerId = await userIdOf(t, companyId, '13800000003');
    const favs = await t.database.db.select().from(favorite).where(and(eq(favorite.userId, brokerId), eq(favorite.houseId, houses[1]!.id)));
    expect(rows(favs.length)).toBe(1);
  });

  it('add-share-to-shar: one visitor counted once however many calls race', async () => {
    const sharerId = await userIdOf(t, companyId, '13800000002');
    const answers = await race('share visit', () =>
      post('/api/user/add-share-to-shar', { openid: 'oRacingVisitor', shareUser: sharerId, houseid: houses[2]!.id }, undefined, { remoteAddress: '10.7.2.1' }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(answers.filter((a) => a.json().data.recorded)).toHaveLength(1);
    const visits = await t.database.db
      .select()
      .from(shareVisit)
      .where(and(eq(shareVisit.shareUserId, sharerId), eq(shareVisit.houseId, houses[2]!.id), eq(shareVisit.openid, 'oRacingVisitor')));
    expect(rows(visits.length)).toBe(1);
  });
});

describe('WeChat bindings (user_identity keys)', () => {
  const AUTH_PAGE = 'http://localhost/authorization';
  /** A bind state of this session, authorized by WeChat user `openid`: the code and state the page gets back. */
  async function bindAs(token: string, openid: string) {
    const res = await post('/api/user/bind-wx', { url: `${AUTH_PAGE}?action=bind` }, token);
    expect(res.statusCode, res.body).toBe(200);
    fake.signedIn = openid;
    return authorizeAt(res.json().data.url);
  }
  const bindCode = (token: string, back: { code: string; state: string }) => post('/api/user/bind-wx-code', { code: back.code, state: back.state }, token);

  it('one account, N WeChats at once: one bound, the others asked to unbind first', async () => {
    const token = await t.login('13800000003');
    const backs: { code: string; state: string }[] = [];
    for (let i = 0; i < N; i++) backs.push(await bindAs(token, `oRaceOne${String(i).padStart(6, '0')}`));
    const answers = await race('WeChat per account', (i) => bindCode(token, backs[i]!));
    oneWinner(answers, messages.wechat.alreadyBound);
    const brokerId = await userIdOf(t, companyId, '13800000003');
    expect(rows((await t.database.db.select().from(userIdentity).where(eq(userIdentity.userId, brokerId))).length)).toBe(1);
  });

  it('one WeChat, every account at once: one bound, the others told it is taken', async () => {
    const phones = ['13800000001', '13800000002', '13800000004', '13800000005', '13800000006', '13800000007', '13800000008'];
    const openid = 'oRaceShared000001';
    const calls: { token: string; back: { code: string; state: string } }[] = [];
    for (const phone of phones) {
      const token = await t.login(phone);
      calls.push({ token, back: await bindAs(token, openid) });
    }
    const answers = await race('account per WeChat', (i) => bindCode(calls[i]!.token, calls[i]!.back), calls.length);
    oneWinner(answers, messages.wechat.boundToOther);
    expect(rows((await t.database.db.select().from(userIdentity).where(eq(userIdentity.subject, openid))).length)).toBe(1);
  });
});

describe('the indexes themselves (migration 0006)', () => {
  /** Whether the database refuses a second row that the rule forbids. */
  const refused = async (insert: () => Promise<unknown>) => {
    try {
      await insert();
      return false;
    } catch (error) {
      return isUniqueViolation(error);
    }
  };

  it('refuse a second live customer, pending registration or daily visit, and allow what the rules allow', async () => {
    const db = t.database.db;
    const brokerId = await userIdOf(t, companyId, '13800000003');
    const phone = freshPhone();
    const values = { companyId, ownerId: brokerId, name: '索引', phone };
    await db.insert(customer).values(values);
    expect(await refused(() => db.insert(customer).values(values))).toBe(true);
    // A deleted customer does not count.
    await db.update(customer).set({ deletedAt: new Date() }).where(eq(customer.phone, phone));
    expect(await refused(() => db.insert(customer).values(values))).toBe(false);

    const [pending] = await db.select().from(distributorRegistration).where(eq(distributorRegistration.status, 'PENDING')).limit(1);
    const { id: _id, ...copy } = pending!;
    expect(await refused(() => db.insert(distributorRegistration).values({ ...copy, creditNo: 'X-OTHER' }))).toBe(true);
    expect(await refused(() => db.insert(distributorRegistration).values({ ...copy, managerPhone: freshPhone() }))).toBe(true);
    expect(await refused(() => db.insert(distributorRegistration).values({ ...copy, status: 'REJECTED' }))).toBe(false);

    const visit = { companyId, houseId: houses[3]!.id, shareUserId: brokerId, side: 'SHARER' as const, visitorKey: 'o:x', visitDay: '2026-01-01' };
    await db.insert(shareVisit).values(visit);
    expect(await refused(() => db.insert(shareVisit).values(visit))).toBe(true);
    expect(await refused(() => db.insert(shareVisit).values({ ...visit, visitDay: '2026-01-02' }))).toBe(false);
    // Visits written before visitor keys are not keyed.
    expect(await refused(() => db.insert(shareVisit).values({ ...visit, visitorKey: '' }))).toBe(false);
    expect(await refused(() => db.insert(shareVisit).values({ ...visit, visitorKey: '' }))).toBe(false);
  });
});
