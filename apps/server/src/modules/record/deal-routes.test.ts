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

// Last: it adds a deal of the broker's, which the lists' counts above do not expect.
describe('commission messages (issue 30, item 7)', () => {
  it('an adjustment and each payment tell the broker and the shop manager in 消息, with the sums; a broker who turned them off hears nothing', async () => {
    const r = await report('MAKEBARGAIN');
    const recorded = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: r.id, ...dealFields({ totalPrice: '1000000' }) });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const managerId = await userIdOf(t, cid, MANAGER);
    const commissionMessages = async (userId: number) =>
      queryRows<{ content: string; title: string }>(
        t.database.db,
        sql`select content, title from message where user_id = ${userId} and record_id = ${r.id} and kind = 'COMMISSION' order by id`,
      );

    const adjusted = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id: r.id, adjustedCommission: '30000', reason: '开发商调整', version: 1 });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const paid = await t.postAs('/api/record/add-commission-payment', ADMIN, { id: r.id, amount: '10000', paidOn: today, reference: 'MSG-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const userId of [brokerId, managerId]) {
      const rows = await commissionMessages(userId);
      expect(rows.map((m) => m.title)).toEqual([messages.message.kind.COMMISSION, messages.message.kind.COMMISSION]);
      expect(rows[0]!.content).toContain('30000.00元');
      expect(rows[0]!.content).toContain('开发商调整');
      expect(rows[1]!.content).toContain('10000.00元');
      expect(rows[1]!.content).toContain('应结30000.00元');
    }
    // The broker's message centre shows them, newest first, opening the report.
    const list = await t.postAs('/api/message/get-message-list', BROKER, {});
    expect(list.json().data.list[0]).toMatchObject({ kind: 'COMMISSION', recordId: r.id });

    // Turned off in 消息设置: the next payment tells the shop manager only.
    const off = await t.postAs('/api/message/save-settings', BROKER, { disabledKinds: ['COMMISSION'] });
    expect(off.statusCode, off.body).toBe(200);
    await t.postAs('/api/record/add-commission-payment', ADMIN, { id: r.id, amount: '5000', paidOn: today, reference: 'MSG-2' });
    expect(await commissionMessages(brokerId)).toHaveLength(2);
    expect(await commissionMessages(managerId)).toHaveLength(3);
    await t.postAs('/api/message/save-settings', BROKER, { disabledKinds: [] });
  });
});

// Issue 30, item 2 (docs/decisions/080): corrections. Last too: they add deals of the broker's.
describe('correcting a deal and reversing a payment', () => {
  const edit = (phone: string, body: object) => t.postAs('/api/record/edit-record-deal', phone, body);
  const reverse = (phone: string, body: object) => t.postAs('/api/record/reverse-commission-payment', phone, body);
  const pay = (phone: string, body: object) => t.postAs('/api/record/add-commission-payment', phone, body);
  async function freshDeal(totalPrice = '1000000') {
    const r = await report('MAKEBARGAIN');
    const res = await t.postAs('/api/record/submit-record-deal', AUDITOR, { id: r.id, ...dealFields({ totalPrice }) });
    expect(res.statusCode, res.body).toBe(200);
    return { id: r.id, deal: res.json().data as { version: number; commissionFen: number } };
  }
  /** What the tables say: the deal's paid sum and state, and the sum of its payments not reversed. */
  async function sums(recordId: number) {
    const [row] = await queryRows<{ paid: string; state: string; owed: string; live: string }>(
      t.database.db,
      sql`select d.paid_fen as paid, d.settlement_state as state, coalesce(d.adjusted_commission_fen, d.commission_fen) as owed,
        (select coalesce(sum(p.amount_fen), 0) from commission_payment p where p.deal_id = d.id and p.reversed_at is null) as live
        from record_deal d where d.record_id = ${recordId}`,
    );
    return { paid: Number(row!.paid), state: row!.state, owed: Number(row!.owed), live: Number(row!.live) };
  }

  it('the auditor admin corrects the price: the commission is computed again under the snapshot policy, audited with old and new values', async () => {
    const { id, deal } = await freshDeal();
    expect(deal.commissionFen).toBe(3_200_000);
    expect((await edit(AUDITOR, { id, version: deal.version, totalPrice: '2000000', reason: '合同总价更正' })).statusCode).toBe(403);
    const noReason = await edit(ADMIN, { id, version: deal.version, totalPrice: '2000000', reason: ' ' });
    expect([noReason.statusCode, noReason.json().msg]).toEqual([400, text.editReasonRequired]);
    const res = await edit(ADMIN, { id, version: deal.version, totalPrice: '2000000', room: '1602', reason: '合同总价更正' });
    expect(res.statusCode, res.body).toBe(200);
    // 2,000,000 元 at 3% + 2000 元.
    expect(res.json().data).toMatchObject({ totalPrice: '2000000.00', room: '1602', commissionFen: 6_200_000, settlementState: 'PENDING', version: deal.version + 1 });
    const [log] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'record.deal-edit'), eq(auditLog.entityId, id)));
    expect(log?.detail).toMatchObject({
      reason: '合同总价更正',
      changes: { totalPrice: { old: 100_000_000, new: 200_000_000 }, room: { old: '1502', new: '1602' }, commissionFen: { old: 3_200_000, new: 6_200_000 } },
    });
    const stale = await edit(ADMIN, { id, version: deal.version, totalPrice: '1', reason: '旧版本' });
    expect([stale.statusCode, stale.json().msg]).toEqual([409, text.staleVersion]);

    // Another property type: the listing's policy for it is chosen again (商铺: 5万/套).
    const shop = await edit(ADMIN, { id, version: deal.version + 1, propertyType: 'SHOP', reason: '物业类型登记错误' });
    expect(shop.json().data).toMatchObject({ propertyType: 'SHOP', commissionFen: 5_000_000 });
  });

  it('keeps an adjusted commission; never lets what is owed fall below what was paid', async () => {
    const { id, deal } = await freshDeal();
    const adjusted = await t.postAs('/api/record/adjust-record-commission', ADMIN, { id, adjustedCommission: '20000', reason: '开发商调整', version: deal.version });
    expect(adjusted.json().data).toMatchObject({ commissionFen: 2_000_000 });
    const edited = await edit(ADMIN, { id, version: deal.version + 1, totalPrice: '3000000', reason: '总价更正' });
    expect(edited.json().data).toMatchObject({ commissionFen: 2_000_000, adjustedCommissionFen: 2_000_000, breakdown: { totalFen: 9_200_000 } });

    const { id: id2, deal: deal2 } = await freshDeal();
    expect((await pay(ADMIN, { id: id2, amount: '30000', paidOn: today, reference: 'P-1' })).statusCode).toBe(200);
    // 100,000 元 would owe 5000 元: below the 30000 元 paid.
    const below = await edit(ADMIN, { id: id2, version: deal2.version + 1, totalPrice: '100000', reason: '总价更正' });
    expect([below.statusCode, below.json().msg]).toEqual([400, text.editBelowPaid('30000.00')]);
    expect(await sums(id2)).toMatchObject({ paid: 3_000_000, owed: 3_200_000 });
  });

  it('reverses a payment with a reason: kept and marked, no longer paid, the state follows; once only', async () => {
    const { id } = await freshDeal();
    await pay(ADMIN, { id, amount: '20000', paidOn: today, reference: 'R-1' });
    const second = await pay(ADMIN, { id, amount: '12000', paidOn: today, reference: 'R-2' });
    expect(second.json().data).toMatchObject({ settlementState: 'SETTLED', paidFen: 3_200_000 });
    const paymentId = second.json().data.payments[1].id as number;
    const noReason = await reverse(ADMIN, { id, paymentId, reason: '' });
    expect([noReason.statusCode, noReason.json().msg]).toEqual([400, text.reverseReasonRequired]);
    expect((await reverse(AUDITOR, { id, paymentId, reason: '重复登记' })).statusCode).toBe(403);
    const res = await reverse(ADMIN, { id, paymentId, reason: '重复登记' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(text.reversed);
    expect(res.json().data).toMatchObject({ paidFen: 2_000_000, leftFen: 1_200_000, settlementState: 'PARTIAL' });
    expect(res.json().data.payments[1]).toMatchObject({ id: paymentId, reference: 'R-2', reversed: true, reverseReason: '重复登记' });
    expect(res.json().data.payments[1].reversedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const again = await reverse(ADMIN, { id, paymentId, reason: '再冲一次' });
    expect([again.statusCode, again.json().msg]).toEqual([409, text.paymentReversed]);
    const unknown = await reverse(ADMIN, { id, paymentId: 999_999, reason: '不存在' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, text.paymentNotFound]);
    const [log] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'record.commission-reverse'), eq(auditLog.entityId, id)));
    expect(log?.detail).toMatchObject({ paymentId, amountFen: 1_200_000, reason: '重复登记', from: 'SETTLED', to: 'PARTIAL' });
    // The broker hears of it.
    const [message] = await queryRows<{ content: string }>(t.database.db, sql`select content from message where record_id = ${id} and user_id = ${brokerId} order by id desc limit 1`);
    expect(message!.content).toContain('12000.00元结佣已冲销');
    expect(await sums(id)).toEqual({ paid: 2_000_000, state: 'PARTIAL', owed: 3_200_000, live: 2_000_000 });
  });

  it('keeps the sums right when payments, a reversal and a correction race', async () => {
    const { id } = await freshDeal();
    const first = await pay(ADMIN, { id, amount: '5000', paidOn: today, reference: 'C-0' });
    const firstId = first.json().data.payments[0].id as number;
    const version = first.json().data.version as number;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => pay(ADMIN, { id, amount: '5000', paidOn: today, reference: `C-${n + 1}` })),
      reverse(ADMIN, { id, paymentId: firstId, reason: '并发冲销' }),
      edit(ADMIN, { id, version, totalPrice: '900000', reason: '并发修改' }),
    ]);
    for (const res of results) expect([200, 400, 409], res.body).toContain(res.statusCode);
    const after = await sums(id);
    // What the deal counts as paid is exactly its payments not reversed, never above what is owed.
    expect(after.paid).toBe(after.live);
    expect(after.paid).toBeLessThanOrEqual(after.owed);
    expect(after.state).toBe(after.paid === 0 ? 'PENDING' : after.paid === after.owed ? 'SETTLED' : 'PARTIAL');
  });

  it('the console operator corrects and reverses in the company; another company’s operator gets 404', async () => {
    const { id, deal } = await freshDeal();
    const operatorId = await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator);
    const operator = await createSessionRepository(t.database.db).create(operatorId, cid);
    const call = (url: string, payload: object, token = operator, host: string = HOSTS.localhost) => t.call({ method: 'POST', url, token, host, payload });
    const edited = await call('/api/admin/deal/edit', { id, version: deal.version, building: '5栋', reason: '楼栋更正' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ building: '5栋' });
    // The console uploads no proofs: a contract picture is not an input of its edit (the schema drops it).
    const paid = await call('/api/admin/deal/add-payment', { id, amount: '1000', paidOn: today, reference: 'O-1' });
    const paymentId = paid.json().data.payments[0].id as number;
    const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
    const stranger = await createSessionRepository(t.database.db).create(second!.id, second!.companyId);
    expect((await call('/api/admin/deal/reverse-payment', { id, paymentId, reason: '别家' }, stranger, HOSTS.second)).statusCode).toBe(404);
    expect((await call('/api/admin/deal/edit', { id, version: 2, room: '1', reason: '别家' }, stranger, HOSTS.second)).statusCode).toBe(404);
    const reversed = await call('/api/admin/deal/reverse-payment', { id, paymentId, reason: '误登记' });
    expect(reversed.json().data).toMatchObject({ paidFen: 0, settlementState: 'PENDING' });
  });
});
