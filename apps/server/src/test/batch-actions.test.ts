import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages, adminBatchMessages as text_, adminHouseMessages, adminRecordMessages } from '@baobei/shared/messages/admin';
import { creditCodeCheckChar } from '@baobei/shared/rules/registration';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../db/client';
import { auditLog, city, commissionPolicy, distributorRegistration, house, record, upload, user } from '../db/schema';
import { insertReport, userIdOf } from './records';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from './accounts';
import { createTestApp, HOSTS, type TestApp } from './test-app';

/**
 * Issue 30, item 3 (docs/decisions/084): the console's batch actions. Another company's id
 * anywhere in the list is 404 and nothing is done; otherwise each row is done as its one-row call
 * does it, one audit row per changed object, and a row the rules refuse is named with its reason.
 */

let t: TestApp;
let operator = '';
let companyA = 0;
let companyB = 0;

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.call({ method: 'POST', url, token: operator, host: HOSTS.localhost, payload, headers });
const auditsOf = async (action: string, ids: number[]) =>
  (await t.database.db.select({ entityId: auditLog.entityId }).from(auditLog).where(and(eq(auditLog.action, action), inArray(auditLog.entityId, ids)))).map((r) => r.entityId);

async function listingsOf(companyId: number, n: number): Promise<number[]> {
  const [c] = await t.database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyId), sql`${city.parentId} is not null`)).limit(1);
  const rows = await t.database.db
    .insert(house)
    .values(Array.from({ length: n }, (_, i) => ({ companyId, cityId: c!.id, name: `批量操作楼盘${companyId}-${i}`, reportProtectHours: 48, reportLeadTime: 30 })))
    .returning({ id: house.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('batch actions', () => {
  it('withdraws and restores listings, one audit row per listing changed; another company’s id stops it all', async () => {
    const ids = await listingsOf(companyA, 3);
    const [foreign] = await listingsOf(companyB, 1);
    const refused = await post('/api/admin/house/batch-withdraw', { ids: [...ids, foreign] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe(adminHouseMessages.notFound);
    expect(await auditsOf('house.withdraw', ids)).toEqual([]);

    const done = await post('/api/admin/house/batch-withdraw', { ids });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe(text_.done(3, 0));
    expect(done.json().data).toEqual({ succeeded: 3, failed: 0, results: ids.map((id) => ({ id, ok: true, message: '' })) });
    const rows = await t.database.db.select({ active: house.active }).from(house).where(inArray(house.id, ids));
    expect(rows.every((r) => !r.active)).toBe(true);
    expect((await auditsOf('house.withdraw', ids)).sort()).toEqual([...ids].sort());
    // Again: nothing to change, no second audit row.
    expect((await post('/api/admin/house/batch-withdraw', { ids })).json().data.succeeded).toBe(3);
    expect(await auditsOf('house.withdraw', ids)).toHaveLength(3);

    const back = await post('/api/admin/house/batch-restore', { ids: [ids[0], ids[1]] });
    expect(back.json().data.succeeded).toBe(2);
    expect((await auditsOf('house.restore', ids)).sort()).toEqual([ids[0], ids[1]].sort());

    expect((await post('/api/admin/house/batch-withdraw', { ids: [] })).json().msg).toBe(text_.idsRequired);
    expect((await post('/api/admin/house/batch-withdraw', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).json().msg).toBe(text_.tooMany(100));
  });

  it('reviews registrations row by row: approvals create distributors, a rejection needs its reason', async () => {
    const [c] = await t.database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyA), sql`${city.parentId} is not null`)).limit(1);
    const code = (n: number) => {
      const body = `91460100MA5B${String(70_000 + n).padStart(5, '0')}`;
      return body + creditCodeCheckChar(body)!;
    };
    const inserted = await t.database.db
      .insert(distributorRegistration)
      .values(
        [1, 2, 3].map((n) => ({
          companyId: companyA,
          companyLicenseName: `批量审核房产经纪有限公司${n}`,
          name: `批量审核${n}`,
          creditNo: code(n),
          managerName: `负责人${n}`,
          managerPhone: `1377000000${n}`,
          address: '海口市',
          businessLicensePic: '',
          locationId: c!.id,
          passwordHash: 'x',
        })),
      )
      .returning({ id: distributorRegistration.id });
    const ids = inserted.map((r) => r.id);

    const noReason = await post('/api/admin/registration/batch-review', { ids, approve: false, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe(messages.registration.reviewReasonRequired);

    const approved = await post('/api/admin/registration/batch-review', { ids: [ids[0], ids[1]], approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.succeeded).toBe(2);
    expect((await auditsOf('registration.approve', ids)).sort()).toEqual([ids[0], ids[1]].sort());
    const generals = await t.database.db.select({ phone: user.phone }).from(user).where(and(eq(user.companyId, companyA), inArray(user.phone, ['13770000001', '13770000002'])));
    expect(generals).toHaveLength(2);

    // One reviewed already: that row is refused, the other one is rejected.
    const mixed = await post('/api/admin/registration/batch-review', { ids: [ids[0], ids[2]], approve: false, reason: '资料不全' });
    expect(mixed.json().data.succeeded).toBe(1);
    expect(mixed.json().data.results[0]).toMatchObject({ id: ids[0], ok: false });
    expect(mixed.json().data.results[0].message).not.toBe('');
    expect(mixed.json().msg).toBe(text_.done(1, 1));
    expect(await auditsOf('registration.reject', ids)).toEqual([ids[2]]);
  });

  it('reassigns reports to another auditor, one history and audit row per report', async () => {
    const [auditor] = await queryRows<{ id: number }>(t.database.db, sql`select id from "user" where company_id = ${companyA} and role = 'AUDITOR' and active and vacation = 0 order by id limit 1`);
    const reports = await queryRows<{ id: number; auditor_id: number | null }>(
      t.database.db,
      sql`select id, auditor_id from record where company_id = ${companyA} and auditor_id is distinct from ${auditor!.id} order by id limit 3`,
    );
    const [already] = await queryRows<{ id: number }>(t.database.db, sql`select id from record where company_id = ${companyA} and auditor_id = ${auditor!.id} limit 1`);
    const ids = [...reports.map((r) => r.id), already!.id];
    const done = await post('/api/admin/record/batch-reassign', { ids, auditorId: auditor!.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.succeeded).toBe(3);
    expect(done.json().data.results[3]).toEqual({ id: already!.id, ok: false, message: adminRecordMessages.sameAuditor });
    const now = await t.database.db.select({ auditorId: record.auditorId }).from(record).where(inArray(record.id, ids));
    expect(now.every((r) => r.auditorId === auditor!.id)).toBe(true);
    expect((await auditsOf('record.reassign', ids)).sort()).toEqual(reports.map((r) => r.id).sort());

    const [foreign] = await queryRows<{ id: number }>(t.database.db, sql`select id from record where company_id = ${companyB} limit 1`);
    expect((await post('/api/admin/record/batch-reassign', { ids: [foreign!.id], auditorId: auditor!.id })).statusCode).toBe(404);
  });

  it('disables accounts and ends their sessions, never the operator’s own', async () => {
    const [me] = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, CONSOLE_ACCOUNTS.operator)));
    const created = [];
    for (const n of [1, 2]) {
      const res = await post('/api/admin/account/create', { group: 'channel', role: 'CHANNEL', name: `批量停用${n}`, phone: `1376000000${n}` });
      expect(res.statusCode, res.body).toBe(200);
      created.push(res.json().data.account.id as number);
    }
    const done = await post('/api/admin/account/batch-disable', { ids: [...created, me!.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.succeeded).toBe(2);
    expect(done.json().data.results[2]).toEqual({ id: me!.id, ok: false, message: adminAccountMessages.selfDisable });
    expect((await auditsOf('account.disable', created)).sort()).toEqual([...created].sort());
    // The mobile broker is no account of 账号管理: 404, nothing done.
    const [broker] = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, DEMO_ACCOUNTS.broker)));
    expect((await post('/api/admin/account/batch-disable', { ids: [broker!.id] })).statusCode).toBe(404);
  });

  it('pays each deal its whole pending commission once; a report without one is refused row by row', async () => {
    // A 成交 report of a listing with a 2% policy, its deal recorded by the auditor admin through the app's call.
    const brokerId = await userIdOf(t, companyA, DEMO_ACCOUNTS.broker);
    const auditorId = await userIdOf(t, companyA, DEMO_ACCOUNTS.auditor);
    const [houseId] = await listingsOf(companyA, 1);
    await t.database.db.insert(commissionPolicy).values({ houseId: houseId!, buildingProperty: 'RESIDENCE', longTerm: true, secondaryPoint: '2%', secondaryAward: '', sort: 0 });
    const deal = await insertReport(t, companyA, { status: 'MAKEBARGAIN', reporterId: brokerId, auditorId, houseId: houseId! });
    const key_ = `2026/12/batchpay${'0'.repeat(20)}.png`;
    await t.database.db.insert(upload).values({ companyId: companyA, userId: await userIdOf(t, companyA, DEMO_ACCOUNTS.auditorAdmin), storageKey: key_, mime: 'image/png', size: 1, sha256: '0'.repeat(64) });
    const recorded = await t.postAs('/api/record/submit-record-deal', DEMO_ACCOUNTS.auditorAdmin, {
      id: deal.id,
      building: '1栋',
      room: '101',
      floorArea: '98',
      totalPrice: '1000000',
      signedOn: shanghaiDay(new Date()),
      contractPicture: `/uploads/${key_}`,
      propertyType: 'RESIDENCE',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const owed = recorded.json().data.commissionFen as number;
    const noDeal = await insertReport(t, companyA, { status: 'VISIT', reporterId: brokerId, auditorId, houseId: houseId! });

    const key = { 'idempotency-key': 'batch-pay-test-0001' };
    const body = { ids: [deal.id, noDeal.id], paidOn: shanghaiDay(new Date()), reference: 'PZ-2026-01' };
    const paid = await post('/api/admin/deal/batch-pay', body, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.results).toEqual([
      { id: deal.id, ok: true, message: '' },
      { id: noDeal.id, ok: false, message: messages.deal.notFound },
    ]);
    const payments = await queryRows<{ amount_fen: number; n: number }>(
      t.database.db,
      sql`select sum(p.amount_fen)::int as amount_fen, count(*)::int as n from commission_payment p join record_deal d on d.id = p.deal_id where d.record_id = ${deal.id}`,
    );
    expect(payments[0]).toEqual({ amount_fen: owed, n: 1 });
    expect(await auditsOf('record.commission-payment', [deal.id])).toEqual([deal.id]);
    // The same key: the first answer. Another key: nothing pending now.
    expect((await post('/api/admin/deal/batch-pay', body, key)).headers['idempotent-replayed']).toBe('true');
    const again = await post('/api/admin/deal/batch-pay', { ...body, ids: [deal.id] }, { 'idempotency-key': 'batch-pay-test-0002' });
    expect(again.json().data.results[0]).toEqual({ id: deal.id, ok: false, message: messages.deal.nothingPending });
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from commission_payment p join record_deal d on d.id = p.deal_id where d.record_id = ${deal.id}`))[0]!.n).toBe(1);
  });
});
