import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog, commissionPolicy, record, recordDeal, upload } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, submitAudit, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 17, item 5 (docs/decisions/052): the deal an auditor records at 成交, its commission from
 * the listing's policy valid on the signing date, the admin's adjustment and the payments.
 */
const text = messages.deal;
const { auditor: AUDITOR, auditorAdmin: ADMIN, broker: BROKER, otherBroker: OTHER_BROKER, manager: MANAGER } = DEMO_ACCOUNTS;
let t: TestApp;
let cid: number;
let brokerId: number;
let auditorId: number;
let houseId: number;
let contract: string;
let adminContract: string;
const today = shanghaiDay(new Date());
const dayOffset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function ownUpload(phone: string, name: string): Promise<string> {
  const key = `2026/11/deal${name.padEnd(28, '0')}.png`;
  await t.database.db.insert(upload).values({ companyId: cid, userId: await userIdOf(t, cid, phone), storageKey: key, mime: 'image/png', size: 1, sha256: '0'.repeat(64) });
  return `/uploads/${key}`;
}

const dealFields = (over: Record<string, unknown> = {}) => ({
  building: '3栋',
  room: '1502',
  floorArea: '98.5',
  totalPrice: '3000000',
  signedOn: today,
  contractPicture: contract,
  propertyType: 'RESIDENCE',
  ...over,
});

const report = (status: 'VISIT' | 'MAKEBARGAIN', reporterId = brokerId) => insertReport(t, cid, { status, reporterId, auditorId, houseId });
const getDeal = async (phone: string, id: number, host?: string) => t.postAs('/api/record/get-record-deal', phone, { id }, host);

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  brokerId = await userIdOf(t, cid, BROKER);
  auditorId = await userIdOf(t, cid, AUDITOR);
  const [row] = await queryRows<{ houseId: number }>(t.database.db, sql`select house_id as "houseId" from record where company_id = ${cid} and reporter_id = ${brokerId} order by id limit 1`);
  houseId = row!.houseId;
  // The listing's policies, as the console's form writes them: a long-term 2%, an incentive period
  // of 3% + 2000 元 around today, and a fixed 5万 for shops.
  await t.database.db.delete(commissionPolicy).where(eq(commissionPolicy.houseId, houseId));
  await t.database.db.insert(commissionPolicy).values([
    { houseId, buildingProperty: 'RESIDENCE', longTerm: true, secondaryPoint: '2%', secondaryAward: '', sort: 0 },
    { houseId, buildingProperty: 'RESIDENCE', longTerm: false, policyStartDate: dayOffset(-10), policyEndDate: dayOffset(10), secondaryPoint: '3%', secondaryAward: '成交奖励2000元/套', sort: 1 },
    { houseId, buildingProperty: 'SHOP', longTerm: true, secondaryPoint: '5万/套', secondaryAward: '带看奖励200元/组', sort: 2 },
  ]);
  contract = await ownUpload(AUDITOR, 'a');
  adminContract = await ownUpload(ADMIN, 'b');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('recording the deal', () => {
  it('with the audit’s move to 成交, in its transaction: the commission is the policy valid that day (3% + 2000 元)', async () => {
    const r = await report('VISIT');
    const res = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'MAKEBARGAIN', deal: dealFields() } as never);
    expect(res.statusCode, res.body).toBe(200);
    const deal = (await getDeal(BROKER, r.id)).json().data.deal;
    expect(deal).toMatchObject({
      building: '3栋',
      room: '1502',
      floorArea: '98.50',
      totalPriceFen: 300_000_000,
      totalPrice: '3000000.00',
      signedOn: today,
      propertyTypeText: '住宅',
      policy: { secondaryPoint: '3%', secondaryAward: '成交奖励2000元/套', longTerm: false },
      breakdown: { basis: '成交总价的 3%', baseFen: 9_000_000, incentiveFen: 200_000, totalFen: 9_200_000, total: '92000.00', notes: [] },
      commissionFen: 9_200_000,
      paidFen: 0,
      settlementState: 'PENDING',
      settlementText: '待结佣',
      payments: [],
    });
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'record.deal'), eq(auditLog.entityId, r.id)));
    expect(logs).toHaveLength(1);
  });

  it('refuses bad deal input in Chinese and changes nothing: the status stays, no deal', async () => {
    const r = await report('VISIT');
    for (const [over, msg] of [
      [{ room: '' }, text.roomRequired],
      [{ totalPrice: '12.345' }, text.totalPriceInvalid],
      [{ totalPrice: 'abc' }, text.totalPriceInvalid],
      [{ floorArea: '0' }, text.floorAreaInvalid],
      [{ signedOn: '2026-02-30' }, text.signedOnInvalid],
      [{ signedOn: dayOffset(2) }, text.signedOnFuture],
      [{ contractPicture: '' }, text.contractRequired],
      [{ contractPicture: adminContract }, text.contractNotOwned],
      [{ propertyType: 'CASTLE' }, text.propertyInvalid],
    ] as const) {
      const res = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'MAKEBARGAIN', deal: dealFields(over) } as never);
      expect([res.statusCode, res.json().msg]).toEqual([400, msg]);
    }
    // A deal with a move that is not to 成交: refused, and the move with it.
    const toClose = await submitAudit(t, AUDITOR, { id: r.id, approvalStatus: 'RECORDCLOSE', deal: dealFields() } as never);
    expect([toClose.statusCode, toClose.json().msg]).toEqual([400, text.notDealStatus]);
    const [row] = await t.database.db.select({ status: record.status, version: record.version }).from(record).where(eq(record.id, r.id));
    expect(row).toEqual({ status: 'VISIT', version: 1 });
    expect(await t.database.db.select().from(recordDeal).where(eq(recordDeal.recordId, r.id))).toEqual([]);
  });

  it('on its own for a 成交 report: outside the incentive period the long-term policy (2%); once only; not before 成交', async () => {
    const r = await report('MAKEBARGAIN');
    const res = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: r.id, ...dealFields({ signedOn: dayOffset(-20), totalPrice: '1234567.89' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(text.recorded);
    // 2% of 1,234,567.89 元 = 24,691.3578 元 → 24,691.36 元.
    expect(res.json().data.breakdown).toMatchObject({ basis: '成交总价的 2%', baseFen: 2_469_136, incentiveFen: 0, totalFen: 2_469_136 });
    const again = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: r.id, ...dealFields() });
    expect([again.statusCode, again.json().msg]).toEqual([409, text.alreadyRecorded]);
    const visit = await report('VISIT');
    const early = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: visit.id, ...dealFields() });
    expect([early.statusCode, early.json().msg]).toEqual([400, text.notDealStatus]);
  });

  it('a fixed amount for shops, the 带看 reward not counted; no valid policy is 0 with the note', async () => {
    const shop = await report('MAKEBARGAIN');
    const res = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: shop.id, ...dealFields({ propertyType: 'SHOP' }) });
    expect(res.json().data.breakdown).toMatchObject({ basis: '固定 50000.00 元/套', baseFen: 5_000_000, incentiveFen: 0, totalFen: 5_000_000, notes: [text.awardNotDeal('带看奖励200元/组')] });
    const office = await report('MAKEBARGAIN');
    const none = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: office.id, ...dealFields({ propertyType: 'OFFICE' }) });
    expect(none.json().data).toMatchObject({ policy: null, commissionFen: 0, breakdown: { totalFen: 0, notes: [text.noPolicy] } });
  });

  it('another company’s auditor admin and a broker outside the report get 404', async () => {
    const r = await report('MAKEBARGAIN');
    expect((await t.postAs('/api/record/submit-record-deal', '13900000007', { id: r.id, ...dealFields() }, HOSTS.second)).statusCode).toBe(404);
    expect((await getDeal('13900000007', r.id, HOSTS.second)).statusCode).toBe(404);
    expect((await getDeal(OTHER_BROKER, r.id)).statusCode).toBe(404);
    expect((await getDeal(BROKER, r.id)).json().data).toEqual({ deal: null });
  });
});

describe('adjusting and settling', () => {
  let id: number;
  beforeAll(async () => {
    const r = await report('MAKEBARGAIN');
    id = r.id;
    // 1,000,000 元 at 3% + 2000 元 = 32,000 元.
    const res = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id, ...dealFields({ totalPrice: '1000000' }) });
    expect(res.json().data.commissionFen).toBe(3_200_000);
  });

  it('the auditor admin adjusts with a reason (audit row); the auditor may not; no reason or a stale version is refused', async () => {
    expect((await t.postAs('/api/record/adjust-record-commission', AUDITOR, { id, adjustedCommission: '30000', reason: '开发商调整', version: 1 })).statusCode).toBe(403);
    const noReason = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id, adjustedCommission: '30000', reason: ' ', version: 1 });
    expect([noReason.statusCode, noReason.json().msg]).toEqual([400, text.adjustReasonRequired]);
    const res = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id, adjustedCommission: '30000', reason: '开发商调整', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ commissionFen: 3_000_000, adjustedCommissionFen: 3_000_000, adjustReason: '开发商调整', breakdown: { totalFen: 3_200_000 }, version: 2 });
    const stale = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id, adjustedCommission: '1', reason: '旧版本', version: 1 });
    expect([stale.statusCode, stale.json().msg]).toEqual([409, text.staleVersion]);
    const [log] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'record.commission-adjust'), eq(auditLog.entityId, id)));
    expect(log?.detail).toMatchObject({ from: 3_200_000, to: 3_000_000, reason: '开发商调整' });
  });

  it('payments: partial then full move 待结佣 → 部分结佣 → 已结佣; an overpayment is refused in Chinese and changes nothing', async () => {
    const pay = (phone: string, body: object) => t.postAs('/api/record/add-commission-payment', phone, { id, ...body });
    expect((await pay(AUDITOR, { amount: '1', paidOn: today, reference: '' })).statusCode).toBe(403);
    const first = await pay(ADMIN, { amount: '10000.50', paidOn: today, reference: 'ZZ-001' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ paidFen: 1_000_050, leftFen: 1_999_950, settlementState: 'PARTIAL', settlementText: '部分结佣' });
    const over = await pay(ADMIN, { amount: '19999.51', paidOn: today, reference: '' });
    expect([over.statusCode, over.json().msg]).toEqual([400, text.overpay('19999.50')]);
    for (const [body, msg] of [
      [{ amount: '0', paidOn: today }, text.amountInvalid],
      [{ amount: '-5', paidOn: today }, text.amountInvalid],
      [{ amount: '1', paidOn: 'tomorrow' }, text.paidOnInvalid],
      [{ amount: '1', paidOn: dayOffset(3) }, text.paidOnFuture],
      [{ amount: '1', paidOn: dayOffset(-400) }, text.paidOnBeforeSigned],
    ] as const) {
      const res = await pay(ADMIN, { reference: '', ...body });
      expect([res.statusCode, res.json().msg]).toEqual([400, msg]);
    }
    const between = (await getDeal(BROKER, id)).json().data.deal;
    expect(between).toMatchObject({ paidFen: 1_000_050, settlementState: 'PARTIAL', version: 3 });
    expect(between.payments).toHaveLength(1);
    // Below what was paid, the commission cannot be adjusted.
    const below = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id, adjustedCommission: '10000', reason: '过低', version: 3 });
    expect([below.statusCode, below.json().msg]).toEqual([400, text.adjustBelowPaid('10000.50')]);

    // The console operator pays the rest.
    const operatorId = await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator);
    const operator = await createSessionRepository(t.database.db).create(operatorId, cid);
    const rest = await t.call({ method: 'POST', url: '/api/admin/deal/add-payment', token: operator, payload: { id, amount: '19999.50', paidOn: today, reference: 'ZZ-002' } });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ paidFen: 3_000_000, leftFen: 0, settlementState: 'SETTLED', settlementText: '已结佣' });
    expect(rest.json().data.payments.map((p: { reference: string; amount: string }) => [p.reference, p.amount])).toEqual([
      ['ZZ-001', '10000.50'],
      ['ZZ-002', '19999.50'],
    ]);
    const logs = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'record.commission-payment'), eq(auditLog.entityId, id)));
    expect(logs).toHaveLength(2);

    // Company 127.0.0.1's operator names this report on its own host: 404.
    const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
    const stranger = await createSessionRepository(t.database.db).create(second!.id, second!.companyId);
    const foreign = await t.call({ method: 'POST', url: '/api/admin/deal/add-payment', host: HOSTS.second, token: stranger, payload: { id, amount: '1', paidOn: today, reference: '' } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('idempotency', () => {
  it('a payment sent twice with one Idempotency-Key is recorded once and answers the same', async () => {
    const r = await report('MAKEBARGAIN');
    await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: r.id, ...dealFields({ totalPrice: '100000' }) });
    const send = async () =>
      t.call({
        method: 'POST',
        url: '/api/record/add-commission-payment',
        token: await t.tokenOf(ADMIN),
        headers: { 'idempotency-key': 'deal-payment-0001' },
        payload: { id: r.id, amount: '100', paidOn: today, reference: '重复提交' },
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const deal = (await getDeal(ADMIN, r.id)).json().data.deal;
    expect(deal).toMatchObject({ paidFen: 10_000, settlementState: 'PARTIAL' });
    expect(deal.payments).toHaveLength(1);
  });
});

describe('the broker’s and shop’s lists', () => {
  it('a broker sees only their own deals with the pending and settled sums; the shop manager the shop’s; another broker none of them', async () => {
    const list = async (phone: string, body: object = {}) => (await t.postAs('/api/record/get-deal-list?page=1&pageSize=50', phone, body)).json().data;
    const mine = await list(BROKER);
    const dbDeals = await queryRows<{ n: number; owed: string; paid: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(coalesce(d.adjusted_commission_fen, d.commission_fen))::text as owed, sum(d.paid_fen)::text as paid
          from record_deal d join record r on r.id = d.record_id where r.reporter_id = ${brokerId}`,
    );
    expect(mine.total).toBe(dbDeals[0]!.n);
    expect(mine.total).toBe(6);
    expect(mine.list.every((d: { reporterName: string }) => d.reporterName === mine.list[0].reporterName)).toBe(true);
    expect(mine.sums).toMatchObject({ commissionFen: Number(dbDeals[0]!.owed), paidFen: Number(dbDeals[0]!.paid), pendingFen: Number(dbDeals[0]!.owed) - Number(dbDeals[0]!.paid) });
    expect(mine.sums.paidFen).toBe(3_000_000 + 10_000);
    const settled = await list(BROKER, { settlementState: 'SETTLED' });
    expect(settled.list.map((d: { settlementText: string }) => d.settlementText)).toEqual(['已结佣']);
    expect((await list(BROKER, { settlementState: 'PARTIAL' })).total).toBe(1);
    expect(settled.sums).toEqual(mine.sums);
    expect((await list(OTHER_BROKER)).total).toBe(0);
    const shop = await list(MANAGER, { scope: 'company' });
    expect(shop.total).toBe(mine.total);
    // A broker has no company scope: nothing, not an error.
    expect((await list(BROKER, { scope: 'company' })).total).toBe(0);
    expect((await t.postAs('/api/record/get-deal-list', AUDITOR, {})).statusCode).toBe(403);
  });
});
