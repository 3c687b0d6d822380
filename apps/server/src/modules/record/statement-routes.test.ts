import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { statementMessages as s } from '@baobei/shared/messages/statement';
import { messages } from '@baobei/shared/messages';
import { queryRows } from '../../db/client';
import { recordDeal } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * 对账单 (issue 30, item 6; docs/decisions/082): a distributor's deals of a month by signing
 * date, owed (adjusted when set), paid (reversed payments listed, not summed) and pending; the
 * console's list, statement and export, the general account's own statement on the phone; 发票号.
 */
const { auditor: AUDITOR, broker: BROKER, otherBroker: OTHER_BROKER, manager: MANAGER, general: GENERAL, auditorAdmin: AUDITOR_ADMIN } = DEMO_ACCOUNTS;
const OTHER_GENERAL = '13800000011';
const MONTH = '2025-03';
let t: TestApp;
let cid = 0;
let operator = '';
let stranger = '';
let auditorId = 0;
let distributorA = 0;
let distributorB = 0;
/** The deals of distributor A in MONTH: one paid in part (a payment reversed), one adjusted and settled. */
let dealOne = 0;
let dealTwo = 0;

async function reportWithDeal(reporterPhone: string, deal: { signedOn: string; priceFen: number; commissionFen: number; adjustedFen?: number }) {
  const reporterId = await userIdOf(t, cid, reporterPhone);
  const r = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId, auditorId });
  await t.database.db.insert(recordDeal).values({
    recordId: r.id,
    companyId: cid,
    building: '3栋',
    room: `${r.id}`,
    floorArea: 98.5,
    totalPriceFen: deal.priceFen,
    signedOn: deal.signedOn,
    contractPicture: '/uploads/2025/03/contract.png',
    propertyType: 'RESIDENCE',
    policyId: null,
    policySnapshot: { id: 1, policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '3%', secondaryAward: '', basis: '成交总价的 3%', notes: [] },
    baseFen: deal.commissionFen,
    incentiveFen: 0,
    commissionFen: deal.commissionFen,
    adjustedCommissionFen: deal.adjustedFen ?? null,
    adjustReason: deal.adjustedFen ? '开发商补贴' : '',
    createdBy: auditorId,
  });
  return r.id;
}

const get = (url: string, token: string, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const pay = (id: number, amount: string, paidOn: string, invoiceNo?: string) =>
  t.call({ method: 'POST', url: '/api/admin/deal/add-payment', token: operator, payload: { id, amount, paidOn, reference: '', ...(invoiceNo === undefined ? {} : { invoiceNo }) } });

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  auditorId = await userIdOf(t, cid, AUDITOR);
  const sessions = createSessionRepository(t.database.db);
  operator = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator), cid);
  const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
  stranger = await sessions.create(second!.id, second!.companyId);
  const distributorOf = async (phone: string) =>
    (await queryRows<{ d: number }>(t.database.db, sql`select distributor_id as d from "user" where phone = ${phone} and company_id = ${cid}`))[0]!.d;
  distributorA = await distributorOf(GENERAL);
  distributorB = await distributorOf(OTHER_GENERAL);

  dealOne = await reportWithDeal(BROKER, { signedOn: '2025-03-01', priceFen: 100_000_000, commissionFen: 3_000_000 });
  dealTwo = await reportWithDeal(BROKER, { signedOn: '2025-03-31', priceFen: 80_000_000, commissionFen: 2_000_000, adjustedFen: 2_500_000 });
  // Outside the month, either side, and another distributor's deal inside it.
  await reportWithDeal(BROKER, { signedOn: '2025-02-28', priceFen: 10_000_000, commissionFen: 300_000 });
  await reportWithDeal(BROKER, { signedOn: '2025-04-01', priceFen: 10_000_000, commissionFen: 300_000 });
  await reportWithDeal(OTHER_BROKER, { signedOn: '2025-03-15', priceFen: 50_000_000, commissionFen: 1_000_000 });

  expect((await pay(dealOne, '10000', '2025-03-20', '  44001234 ')).statusCode).toBe(200);
  // Paid by the auditor admin on the phone, then reversed (冲销): listed, counted for nothing.
  const admin = await t.tokenOf(AUDITOR_ADMIN);
  const second_ = await t.call({ method: 'POST', url: '/api/record/add-commission-payment', token: admin, payload: { id: dealOne, amount: '5000', paidOn: '2025-03-21', reference: 'R-2', invoiceNo: '44009999' } });
  expect(second_.statusCode, second_.body).toBe(200);
  const paymentId = (second_.json().data.payments as { id: number; invoiceNo: string }[]).find((p) => p.invoiceNo === '44009999')!.id;
  const reversed = await t.call({ method: 'POST', url: '/api/admin/deal/reverse-payment', token: operator, payload: { id: dealOne, paymentId, reason: '重复登记' } });
  expect(reversed.statusCode, reversed.body).toBe(200);
  // The adjusted deal settled in full, without an invoice.
  expect((await pay(dealTwo, '25000', '2025-04-02')).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const A_SUMS = {
  dealCount: 2,
  totalPriceFen: 180_000_000,
  commissionFen: 5_500_000,
  paidFen: 3_500_000,
  pendingFen: 2_000_000,
  totalPrice: '1800000.00',
  commission: '55000.00',
  paid: '35000.00',
  pending: '20000.00',
};

describe('发票号 on a payment', () => {
  it('is trimmed, answered per payment, at most 64 characters (a Chinese refusal), optional', async () => {
    const deal = (await get(`/api/admin/deal/get-deal?id=${dealOne}`, operator)).json().data.deal;
    expect(deal.payments.map((p: { invoiceNo: string; reversed: boolean }) => [p.invoiceNo, p.reversed])).toEqual([
      ['44001234', false],
      ['44009999', true],
    ]);
    const long = await pay(dealOne, '1', '2025-03-22', '9'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(messages.input.tooLong('发票号', 64));
    const phone = await t.call({ method: 'POST', url: '/api/record/add-commission-payment', token: await t.tokenOf(AUDITOR_ADMIN), payload: { id: dealOne, amount: '1', paidOn: '2025-03-22', reference: '', invoiceNo: 'x'.repeat(65) } });
    expect(phone.statusCode).toBe(400);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from commission_payment p join record_deal d on d.id = p.deal_id where d.record_id = ${dealOne}`);
    expect(row!.n).toBe(2);
    const card = (await t.postAs('/api/record/get-record-deal', BROKER, { id: dealTwo })).json().data.deal;
    expect(card.payments[0].invoiceNo).toBe('');
  });
});

describe('the console’s statements', () => {
  it('list: one row per distributor with deals signed in the month; sums in 分 from SQL; reversed payments not paid; filter and paging', async () => {
    const res = await get(`/api/admin/statement/list?month=${MONTH}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.month).toBe(MONTH);
    expect(data.range).toEqual({ first: '2025-03-01', last: '2025-03-31' });
    expect(data.total).toBe(2);
    const a = data.list.find((r: { distributorId: number }) => r.distributorId === distributorA);
    expect(a.sums).toEqual(A_SUMS);
    const b = data.list.find((r: { distributorId: number }) => r.distributorId === distributorB);
    expect(b.sums).toMatchObject({ dealCount: 1, commissionFen: 1_000_000, paidFen: 0, pendingFen: 1_000_000 });
    expect(data.sums).toMatchObject({ dealCount: 3, commissionFen: 6_500_000, paidFen: 3_500_000, pendingFen: 3_000_000 });

    // The summary's own rule over the same deals: owed, paid and value agree.
    const [direct] = await queryRows<{ n: number; owed: string; paid: string; price: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(coalesce(d.adjusted_commission_fen, d.commission_fen))::text as owed, sum(d.paid_fen)::text as paid,
            sum(d.total_price_fen)::text as price
          from record_deal d join record r on r.id = d.record_id
          where d.company_id = ${cid} and r.distributor_id is not null and d.signed_on between '2025-03-01' and '2025-03-31'`,
    );
    expect([data.sums.dealCount, data.sums.commissionFen, data.sums.paidFen, data.sums.totalPriceFen]).toEqual([direct!.n, Number(direct!.owed), Number(direct!.paid), Number(direct!.price)]);

    const filtered = (await get(`/api/admin/statement/list?month=${MONTH}&distributorId=${distributorB}`, operator)).json().data;
    expect(filtered.list.map((r: { distributorId: number }) => r.distributorId)).toEqual([distributorB]);
    expect(filtered.total).toBe(1);
    const paged = (await get(`/api/admin/statement/list?month=${MONTH}&page=2&pageSize=1`, operator)).json().data;
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe(2);
    expect((await get(`/api/admin/statement/list?month=2025-02`, operator)).json().data.list.map((r: { distributorId: number }) => r.distributorId)).toEqual([distributorA]);

    expect((await get('/api/admin/statement/list?month=2025-13', operator)).json().msg).toBe(s.monthInvalid);
    expect((await get('/api/admin/statement/list?month=abc', operator)).statusCode).toBe(400);
    // Company 127.0.0.1's operator sees none of company localhost's deals.
    const foreign = (await get(`/api/admin/statement/list?month=${MONTH}`, stranger, HOSTS.second)).json().data;
    expect(foreign.list.map((r: { distributorId: number }) => r.distributorId)).not.toContain(distributorA);
  });

  it('get: every deal of the month with its unit, owed, paid, pending and payments (date, amount, 发票号, reversed); paged; another company’s distributor 404', async () => {
    const res = await get(`/api/admin/statement/get?distributorId=${distributorA}&month=${MONTH}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.sums).toEqual(A_SUMS);
    expect(data.total).toBe(2);
    expect(data.deals.map((d: { recordId: number }) => d.recordId)).toEqual([dealOne, dealTwo]);
    expect(data.deals[0]).toMatchObject({
      signedOn: '2025-03-01',
      building: '3栋',
      room: String(dealOne),
      commissionFen: 3_000_000,
      paidFen: 1_000_000,
      pendingFen: 2_000_000,
      settlementState: 'PARTIAL',
      payments: [
        { paidOn: '2025-03-20', amountFen: 1_000_000, invoiceNo: '44001234', reversed: false },
        { paidOn: '2025-03-21', amountFen: 500_000, invoiceNo: '44009999', reversed: true, reverseReason: '重复登记' },
      ],
    });
    expect(data.deals[1]).toMatchObject({ commissionFen: 2_500_000, paidFen: 2_500_000, pendingFen: 0, settlementText: '已结佣', payments: [{ paidOn: '2025-04-02', invoiceNo: '' }] });
    expect(data.deals[0].customerName).toBeTruthy();
    expect(data.deals[0].houseName).toBeTruthy();

    const second = (await get(`/api/admin/statement/get?distributorId=${distributorA}&month=${MONTH}&page=2&pageSize=1`, operator)).json().data;
    expect(second.deals.map((d: { recordId: number }) => d.recordId)).toEqual([dealTwo]);
    expect(second.sums).toEqual(A_SUMS);

    expect((await get(`/api/admin/statement/get?distributorId=${distributorA}&month=${MONTH}`, stranger, HOSTS.second)).statusCode).toBe(404);
    expect((await get(`/api/admin/statement/get?distributorId=2147483647`, operator)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/admin/statement/get?distributorId=${distributorA}`, token: await t.tokenOf(GENERAL) })).statusCode).toBe(403);
  });
});

describe('the general account’s statement on the phone', () => {
  it('its own distributor only, the console’s shape; another distributor’s general account its own; a shop manager, a broker, an auditor admin refused', async () => {
    const own = await t.postAs(`/api/statement/get`, GENERAL, { month: MONTH });
    expect(own.statusCode, own.body).toBe(200);
    const consoleView = (await get(`/api/admin/statement/get?distributorId=${distributorA}&month=${MONTH}`, operator)).json().data;
    expect(own.json().data).toEqual(consoleView);

    const other = (await t.postAs('/api/statement/get', OTHER_GENERAL, { month: MONTH })).json().data;
    expect(other.distributorId).toBe(distributorB);
    expect(other.sums).toMatchObject({ dealCount: 1, commissionFen: 1_000_000 });
    expect(other.deals.every((d: { recordId: number }) => d.recordId !== dealOne && d.recordId !== dealTwo)).toBe(true);

    const manager = await t.postAs('/api/statement/get', MANAGER, { month: MONTH });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().msg).toBe(s.generalAccountOnly);
    expect((await t.postAs('/api/statement/get', BROKER, { month: MONTH })).statusCode).toBe(403);
    expect((await t.postAs('/api/statement/get', AUDITOR_ADMIN, { month: MONTH })).statusCode).toBe(403);
    expect((await t.postAs('/api/statement/get', GENERAL, { month: '2025-3' })).statusCode).toBe(400);
    // Without a month: this month's (Shanghai), none of MONTH's deals.
    const current = (await t.postAs('/api/statement/get', GENERAL, {})).json().data;
    expect(current.month).not.toBe(MONTH);
    expect(current.deals.map((d: { recordId: number }) => d.recordId)).not.toContain(dealOne);
  });
});

describe('the statement export', () => {
  it('成交明细 (the deals and a 合计 row) and 付款明细 (every payment with its 发票号, reversed marked), audited; another company’s distributor 404', async () => {
    const res = await get(`/api/admin/export/statement?distributorId=${distributorA}&month=${MONTH}`, operator);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['x-export-rows']).toBe('5');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('对账单-'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [deals, payments] = book.worksheets;
    expect(deals!.name).toBe(s.dealsSheet);
    expect((deals!.getRow(1).values as unknown[]).slice(1)).toEqual([
      s.colSignedOn, s.colRecordId, s.colCustomer, s.colHouse, s.colUnit, s.colBroker, s.colShop, s.totalPrice, s.owed, s.paid, s.pending, s.colState,
    ]);
    const cells = (n: number, cols: number[]) => cols.map((c) => deals!.getRow(n).getCell(c).value);
    expect(deals!.rowCount).toBe(4);
    expect(cells(2, [1, 2, 5, 8, 9, 10, 11, 12])).toEqual([new Date('2025-03-01T00:00:00Z'), dealOne, `3栋 ${dealOne}`, 1_000_000, 30_000, 10_000, 20_000, '部分结佣']);
    expect(cells(3, [2, 9, 10, 11])).toEqual([dealTwo, 25_000, 25_000, 0]);
    expect(cells(4, [1, 8, 9, 10, 11, 12])).toEqual([s.totalRow, 1_800_000, 55_000, 35_000, 20_000, `${s.dealCount} 2`]);

    expect(payments!.name).toBe(s.paymentsSheet);
    expect((payments!.getRow(1).values as unknown[]).slice(1)).toEqual([
      s.colPaidOn, s.colAmount, s.colInvoiceNo, s.colReference, s.colPaymentState, s.colReverseReason, s.colRecordId, s.colCustomer, s.colUnit,
    ]);
    const payment = (n: number) => [1, 2, 3, 5, 6, 7].map((c) => payments!.getRow(n).getCell(c).value ?? ''); // an empty text reads back as null
    expect(payments!.rowCount).toBe(4);
    expect(payment(2)).toEqual([new Date('2025-03-20T00:00:00Z'), 10_000, '44001234', s.paymentValid, '', dealOne]);
    expect(payment(3)).toEqual([new Date('2025-03-21T00:00:00Z'), 5_000, '44009999', s.paymentReversed, '重复登记', dealOne]);
    expect(payment(4)).toEqual([new Date('2025-04-02T00:00:00Z'), 25_000, '', s.paymentValid, '', dealTwo]);

    const [audit] = await queryRows<{ detail: { filter: unknown; rows: number } }>(
      t.database.db,
      sql`select detail from audit_log where action = 'export.statement' and company_id = ${cid} order by id desc limit 1`,
    );
    expect(audit!.detail).toMatchObject({ filter: { distributorId: distributorA, month: MONTH }, rows: 5 });

    expect((await get(`/api/admin/export/statement?distributorId=${distributorA}&month=${MONTH}`, stranger, HOSTS.second)).statusCode).toBe(404);
    expect((await get(`/api/admin/export/statement?month=${MONTH}`, operator)).statusCode).toBe(400);
  });
});
