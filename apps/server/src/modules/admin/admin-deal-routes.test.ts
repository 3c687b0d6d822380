import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { messages } from '@baobei/shared/messages';
import { adminDealMessages } from '@baobei/shared/messages/admin-deal';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { recordDeal } from '../../db/schema';
import { createSessionRepository } from '../auth/session-repository';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { multipartFile, TINY_PNG } from '../../test/multipart';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * docs/decisions/055: the console reads a report's deal (get-deal), the report table's row
 * carries it in short, the overview's and the mobile statistics' deal sums (scope and period:
 * the signing date), and the report export's deal columns.
 */
const { auditor: AUDITOR, broker: BROKER, otherBroker: OTHER_BROKER, manager: MANAGER, general: GENERAL } = DEMO_ACCOUNTS;
let t: TestApp;
let cid = 0;
let operator = '';
let stranger = '';
let auditorId = 0;
let secondCompany = 0;
const today = shanghaiDay(new Date());
const dayOffset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A 成交 report of `reporterPhone` with a deal recorded as the service would leave it. */
async function reportWithDeal(reporterPhone: string, deal: { signedOn: string; priceFen: number; commissionFen: number; paidFen?: number; adjustedFen?: number }) {
  const reporterId = await userIdOf(t, cid, reporterPhone);
  const r = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId, auditorId });
  const owed = deal.adjustedFen ?? deal.commissionFen;
  const paid = deal.paidFen ?? 0;
  await t.database.db.insert(recordDeal).values({
    recordId: r.id,
    companyId: cid,
    building: '7栋',
    room: '2201',
    floorArea: 120.5,
    totalPriceFen: deal.priceFen,
    signedOn: deal.signedOn,
    contractPicture: '/uploads/2026/11/contract-h5.png',
    propertyType: 'RESIDENCE',
    policyId: null,
    policySnapshot: { id: 1, policyStartDate: null, policyEndDate: null, longTerm: true, secondaryPoint: '3%', secondaryAward: '', basis: '成交总价的 3%', notes: [] },
    baseFen: deal.commissionFen,
    incentiveFen: 0,
    commissionFen: deal.commissionFen,
    adjustedCommissionFen: deal.adjustedFen ?? null,
    adjustReason: deal.adjustedFen ? '开发商补贴' : '',
    paidFen: paid,
    settlementState: paid === 0 ? 'PENDING' : paid >= owed ? 'SETTLED' : 'PARTIAL',
    createdBy: auditorId,
  });
  return r.id;
}

const get = (url: string, token: string, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const summary = async (dateType: number) => (await get(`/api/admin/deal/summary?dateType=${dateType}`, operator)).json().data.sums;
const mobileSums = async (phone: string, dateType: number) => (await t.postAs('/api/record/get-record-statics', phone, { dateType })).json().data.deals;
type Sums = { dealCount: number; totalPriceFen: number; commissionFen: number; paidFen: number; pendingFen: number };
const delta = (after: Sums, before: Sums) => ({
  dealCount: after.dealCount - before.dealCount,
  totalPriceFen: after.totalPriceFen - before.totalPriceFen,
  commissionFen: after.commissionFen - before.commissionFen,
  paidFen: after.paidFen - before.paidFen,
  pendingFen: after.pendingFen - before.pendingFen,
});

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  secondCompany = await t.companyIdOf(HOSTS.second);
  auditorId = await userIdOf(t, cid, AUDITOR);
  const sessions = createSessionRepository(t.database.db);
  operator = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator), cid);
  const [second] = await queryRows<{ id: number; companyId: number }>(t.database.db, sql`select id, company_id as "companyId" from "user" where phone = ${CONSOLE_ACCOUNTS.secondOperator}`);
  stranger = await sessions.create(second!.id, second!.companyId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the console reads a report’s deal', () => {
  it('get-deal: the breakdown, the policy snapshot, the adjustment and the payments; none is null; another company’s report 404; a mobile token 403', async () => {
    const id = await reportWithDeal(BROKER, { signedOn: dayOffset(-2), priceFen: 200_000_000, commissionFen: 6_000_000, adjustedFen: 6_500_000 });
    const pay = await t.call({ method: 'POST', url: '/api/admin/deal/add-payment', token: operator, payload: { id, amount: '15000', paidOn: today, reference: 'H5-001', invoiceNo: '  FP-2026-001 ' } });
    expect(pay.statusCode, pay.body).toBe(200);
    const res = await get(`/api/admin/deal/get-deal?id=${id}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deal).toMatchObject({
      recordId: id,
      building: '7栋',
      room: '2201',
      floorArea: '120.50',
      totalPrice: '2000000.00',
      policy: { secondaryPoint: '3%', longTerm: true },
      breakdown: { basis: '成交总价的 3%', total: '60000.00' },
      adjustedCommissionFen: 6_500_000,
      adjustReason: '开发商补贴',
      commission: '65000.00',
      paid: '15000.00',
      left: '50000.00',
      settlementState: 'PARTIAL',
      payments: [{ amount: '15000.00', paidOn: today, reference: 'H5-001', invoiceNo: 'FP-2026-001' }],
    });

    const bare = await insertReport(t, cid, { status: 'VISIT', auditorId });
    expect((await get(`/api/admin/deal/get-deal?id=${bare.id}`, operator)).json().data).toEqual({ deal: null });
    expect((await get(`/api/admin/deal/get-deal?id=${id}`, stranger, HOSTS.second)).statusCode).toBe(404);
    expect((await get('/api/admin/deal/get-deal?id=abc', operator)).statusCode).toBe(400);
    const mobile = await t.call({ method: 'GET', url: `/api/admin/deal/get-deal?id=${id}`, token: await t.tokenOf(AUDITOR) });
    expect(mobile.statusCode).toBe(403);
  });

  it('the report table’s row and the drawer carry the deal in short (owed after adjustment, paid, state); a report without one null', async () => {
    const id = await reportWithDeal(BROKER, { signedOn: today, priceFen: 123_456_789, commissionFen: 3_703_704, paidFen: 3_703_704 });
    const list = (await get('/api/admin/record/list?status=MAKEBARGAIN&pageSize=100', operator)).json().data.list as { id: number; deal: unknown }[];
    expect(list.find((r) => r.id === id)?.deal).toEqual({
      totalPriceFen: 123_456_789,
      totalPrice: '1234567.89',
      commissionFen: 3_703_704,
      commission: '37037.04',
      paidFen: 3_703_704,
      settlementState: 'SETTLED',
      settlementText: '已结佣',
    });
    const visit = (await get('/api/admin/record/list?status=VISIT&pageSize=5', operator)).json().data.list as { deal: unknown }[];
    expect(visit.length).toBeGreaterThan(0);
    expect(visit.every((r) => r.deal === null)).toBe(true);
    const detail = (await get(`/api/admin/record/get?id=${id}`, operator)).json().data;
    expect(detail.deal).toMatchObject({ settlementState: 'SETTLED', totalPrice: '1234567.89' });
  });
});

describe('deal value and commission in the statistics', () => {
  it('the overview (the company) and the mobile statistics (the shop, the distributor) count the deals signed in the period, inside the scope only', async () => {
    const before = { today: await summary(1), all: await summary(0), manager: await mobileSums(MANAGER, 0), managerToday: await mobileSums(MANAGER, 1), general: await mobileSums(GENERAL, 0) };
    // In the manager's shop: one signed today (paid in part), one signed 3 days ago (adjusted).
    await reportWithDeal(BROKER, { signedOn: today, priceFen: 100_000_000, commissionFen: 3_000_000, paidFen: 1_000_000 });
    await reportWithDeal(BROKER, { signedOn: dayOffset(-3), priceFen: 50_000_000, commissionFen: 1_000_000, adjustedFen: 1_200_000 });
    // Another distributor's broker: the company's, not the manager's nor the general account's.
    await reportWithDeal(OTHER_BROKER, { signedOn: today, priceFen: 70_000_000, commissionFen: 700_000 });

    expect(delta(await summary(1), before.today)).toEqual({ dealCount: 2, totalPriceFen: 170_000_000, commissionFen: 3_700_000, paidFen: 1_000_000, pendingFen: 2_700_000 });
    expect(delta(await summary(0), before.all)).toEqual({ dealCount: 3, totalPriceFen: 220_000_000, commissionFen: 4_900_000, paidFen: 1_000_000, pendingFen: 3_900_000 });
    const shop = { dealCount: 2, totalPriceFen: 150_000_000, commissionFen: 4_200_000, paidFen: 1_000_000, pendingFen: 3_200_000 };
    expect(delta(await mobileSums(MANAGER, 0), before.manager)).toEqual(shop);
    expect(delta(await mobileSums(MANAGER, 1), before.managerToday)).toEqual({ dealCount: 1, totalPriceFen: 100_000_000, commissionFen: 3_000_000, paidFen: 1_000_000, pendingFen: 2_000_000 });
    expect(delta(await mobileSums(GENERAL, 0), before.general)).toEqual(shop);

    // The figures are the scope's, exactly: the manager's 不限 equals a direct sum over the shop's reports.
    const managerId = await userIdOf(t, cid, MANAGER);
    const [direct] = await queryRows<{ n: number; price: string; owed: string; paid: string }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(d.total_price_fen), 0)::text as price,
            coalesce(sum(coalesce(d.adjusted_commission_fen, d.commission_fen)), 0)::text as owed, coalesce(sum(d.paid_fen), 0)::text as paid
          from record_deal d join record r on r.id = d.record_id where r.company_id = ${cid} and (r.shop_manager_id = ${managerId} or r.reporter_id = ${managerId})`,
    );
    const manager = await mobileSums(MANAGER, 0);
    expect([manager.dealCount, manager.totalPriceFen, manager.commissionFen, manager.paidFen]).toEqual([direct!.n, Number(direct!.price), Number(direct!.owed), Number(direct!.paid)]);
    expect(manager.totalPrice).toBe((Number(direct!.price) / 100).toFixed(2));

    // The summary's refusals: a bad period 400, a mobile token 403, company 127.0.0.1 sees none of these.
    expect((await get('/api/admin/deal/summary?dateType=42', operator)).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/admin/deal/summary?dateType=0', token: await t.tokenOf(MANAGER) })).statusCode).toBe(403);
    const foreign = (await get('/api/admin/deal/summary?dateType=1', stranger, HOSTS.second)).json().data.sums;
    const [foreignToday] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from record_deal where company_id = ${secondCompany} and signed_on = ${today}`,
    );
    expect(foreign.dealCount).toBe(foreignToday!.n);
  });
});

describe('the report export’s deal columns', () => {
  it('签约日期, 楼栋房号, 面积, 成交总价, 应结佣金, 已结佣金, 结佣状态 from the joined deal; empty cells without one', async () => {
    const id = await reportWithDeal(BROKER, { signedOn: dayOffset(-1), priceFen: 312_345_678, commissionFen: 9_370_370, paidFen: 370_370 });
    const res = await t.call({ method: 'GET', url: '/api/admin/export/records?status=MAKEBARGAIN', token: operator });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const d = adminDealMessages;
    const at = [d.exportSignedOn, d.exportUnit, d.exportFloorArea, d.exportTotalPrice, d.exportCommission, d.exportPaid, d.exportSettlement].map((h) => header.indexOf(h) + 1);
    expect(at.every((i) => i > 0)).toBe(true);
    let found: unknown[] | null = null;
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value === id) found = at.map((i) => row.getCell(i).value);
    });
    expect(found).toEqual([new Date(`${dayOffset(-1)}T00:00:00Z`), '7栋 2201', 120.5, 3_123_456.78, 93_703.7, 3_703.7, '部分结佣']);
    expect(sheet.getRow(2).getCell(at[3]!).numFmt).toBe('#,##0.00');

    // A report without a deal: the deal's cells are empty.
    const visits = await t.call({ method: 'GET', url: '/api/admin/export/records?status=VISIT', token: operator });
    const other = new ExcelJS.Workbook();
    await other.xlsx.load(visits.rawPayload as unknown as ArrayBuffer);
    const row = other.worksheets[0]!.getRow(2);
    expect(at.map((i) => row.getCell(i).value ?? '')).toEqual(['', '', '', '', '', '', '']);
    // Nothing else of the deal leaks: the row count is the reports'.
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from record where company_id = ${cid} and status = 'MAKEBARGAIN'`);
    expect(res.headers['x-export-rows']).toBe(String(n!.n));
    expect(await t.database.db.select().from(recordDeal).where(eq(recordDeal.recordId, id))).toHaveLength(1);
  });
});

describe('结佣明细, the payments export', () => {
  it('one row per payment of the company paid in the period, with its deal and report; the audit row; another company none of them', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/export/payments?dateType=1', token: operator });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from commission_payment where company_id = ${cid} and paid_on = ${today}`);
    expect(n!.n).toBeGreaterThan(0);
    expect(res.headers['x-export-rows']).toBe(String(n!.n));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const d = adminDealMessages;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      d.exportPaidOn, d.exportAmount, d.exportReference, d.exportInvoiceNo, d.exportPayer, d.exportRecordedAt, d.exportRecordId, d.exportCustomer,
      d.exportHouse, d.exportUnit, d.exportBroker, d.exportDistributor, d.exportTotalPrice, d.exportCommission, d.exportSettlement,
    ]);
    expect(sheet.rowCount - 1).toBe(n!.n);
    let found: unknown[] | null = null;
    sheet.eachRow((row, i) => {
      if (i > 1 && row.getCell(3).value === 'H5-001') found = [1, 2, 4, 10, 13, 14, 15].map((c) => row.getCell(c).value);
    });
    expect(found).toEqual([new Date(`${today}T00:00:00Z`), 15_000, 'FP-2026-001', '7栋 2201', 2_000_000, 65_000, '部分结佣']);
    const [audit] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = 'export.payments' and company_id = ${cid}`);
    expect(audit!.n).toBe(1);

    const foreign = await t.call({ method: 'GET', url: '/api/admin/export/payments?dateType=0', token: stranger, host: HOSTS.second });
    const [m] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from commission_payment where company_id = ${secondCompany}`);
    expect(foreign.headers['x-export-rows']).toBe(String(m!.n));
    expect((await t.call({ method: 'GET', url: '/api/admin/export/payments?dateType=42', token: operator })).statusCode).toBe(400);
  });
});

describe('payments raced from the console and the phone', () => {
  it('never pay more than the commission: of 10 payments of 30% sent at once, 3 are recorded and the rest refused', async () => {
    const id = await reportWithDeal(BROKER, { signedOn: dayOffset(-1), priceFen: 200_000_000, commissionFen: 6_000_000 });
    const adminToken = await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.call({ method: 'POST', url: '/api/admin/deal/add-payment', token: operator, payload: { id, amount: '18000', paidOn: today, reference: `R-${i}` } })
          : t.call({ method: 'POST', url: '/api/record/add-commission-payment', token: adminToken, payload: { id, amount: '18000', paidOn: today, reference: `R-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect([400, 409]).toContain(refused.statusCode);
    const [deal] = await queryRows<{ paidFen: number; payments: number; sum: number }>(
      t.database.db,
      sql`select d.paid_fen::int as "paidFen", count(p.id)::int as payments, coalesce(sum(p.amount_fen), 0)::int as sum
          from record_deal d left join commission_payment p on p.deal_id = d.id where d.record_id = ${id} group by d.id`,
    );
    expect(deal).toEqual({ paidFen: 5_400_000, payments: 3, sum: 5_400_000 });
  });
});

describe('the console records a deal and adjusts its commission (docs/decisions/085)', () => {
  const post = (url: string, payload: Record<string, unknown>, token = operator, host: string = HOSTS.localhost) => t.call({ method: 'POST', url, token, host, payload });
  /** The operator's private proof upload: the contract picture it may attach. */
  const proof = async (token = operator, host: string = HOSTS.localhost) => {
    const body = multipartFile(TINY_PNG, 'contract.png', 'image/png');
    const res = await t.call({ method: 'POST', url: '/api/admin/upload/proof', token, host, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.url as string;
  };
  const fields = (contractPicture: string, more: Record<string, unknown> = {}) => ({
    building: '3栋',
    room: '1801',
    floorArea: '98.5',
    totalPrice: '2000000',
    signedOn: dayOffset(-1),
    contractPicture,
    propertyType: 'RESIDENCE',
    ...more,
  });
  const messagesOf = (recordId: number) =>
    queryRows<{ userId: number; content: string }>(t.database.db, sql`select user_id as "userId", content from message where record_id = ${recordId} and kind = 'COMMISSION' order by id`);

  it('submit: a 成交 report of the company with the operator’s own private contract, audited; once only; not before 成交; the rules of submit-record-deal', async () => {
    const brokerId = await userIdOf(t, cid, BROKER);
    const r = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId: brokerId, auditorId });
    const contract = await proof();
    expect(contract).toMatch(/^\/uploads\/.+\?exp=\d+&sig=/);
    const res = await post('/api/admin/deal/submit', { id: r.id, ...fields(contract) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(messages.deal.recorded);
    expect(res.json().data).toMatchObject({ recordId: r.id, building: '3栋', room: '1801', floorArea: '98.50', totalPriceFen: 200_000_000, settlementState: 'PENDING', version: 1 });
    const [audit] = await queryRows<{ actorId: number }>(t.database.db, sql`select actor_id as "actorId" from audit_log where action = 'record.deal' and entity_id = ${r.id}`);
    expect(audit!.actorId).toBe(await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator));
    // The drawer reads it.
    expect((await get(`/api/admin/deal/get-deal?id=${r.id}`, operator)).json().data.deal.id).toBe(res.json().data.id);

    const again = await post('/api/admin/deal/submit', { id: r.id, ...fields(contract) });
    expect([again.statusCode, again.json().msg]).toEqual([409, messages.deal.alreadyRecorded]);
    const visit = await insertReport(t, cid, { status: 'VISIT', reporterId: brokerId, auditorId });
    const early = await post('/api/admin/deal/submit', { id: visit.id, ...fields(contract) });
    expect([early.statusCode, early.json().msg]).toEqual([400, messages.deal.notDealStatus]);
    const later = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId: brokerId, auditorId });
    const future = await post('/api/admin/deal/submit', { id: later.id, ...fields(contract, { signedOn: dayOffset(2) }) });
    expect([future.statusCode, future.json().msg]).toEqual([400, messages.deal.signedOnFuture]);
    const noContract = await post('/api/admin/deal/submit', { id: later.id, ...fields('') });
    expect([noContract.statusCode, noContract.json().msg]).toEqual([400, messages.deal.contractRequired]);
    // A public console picture is never a contract; nor another account's proof.
    const body = multipartFile(TINY_PNG, 'banner.png', 'image/png');
    const publicPicture = (await t.call({ method: 'POST', url: '/api/admin/upload/index', token: operator, payload: body.payload, headers: body.headers })).json().data.url as string;
    expect((await post('/api/admin/deal/submit', { id: later.id, ...fields(publicPicture) })).statusCode).toBe(400);
    const auditorProof = (await t.call({ method: 'POST', url: '/api/upload/index', token: await t.tokenOf(AUDITOR), payload: body.payload, headers: body.headers })).json().data.url as string;
    const foreignProof = await post('/api/admin/deal/submit', { id: later.id, ...fields(auditorProof) });
    expect([foreignProof.statusCode, foreignProof.json().msg]).toEqual([400, messages.deal.contractNotOwned]);
    expect(await t.database.db.select().from(recordDeal).where(eq(recordDeal.recordId, later.id))).toHaveLength(0);
  });

  it('submit: another company’s report 404; a scope without the deals write 403 (and its proof upload too); a mobile token 403', async () => {
    const r = await insertReport(t, cid, { status: 'MAKEBARGAIN', reporterId: await userIdOf(t, cid, BROKER), auditorId });
    const strangerContract = await proof(stranger, HOSTS.second);
    const foreign = await post('/api/admin/deal/submit', { id: r.id, ...fields(strangerContract) }, stranger, HOSTS.second);
    expect(foreign.statusCode).toBe(404);
    const sessions = createSessionRepository(t.database.db);
    const readonly = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.readonlyOperator), cid);
    const content = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.contentOperator), cid);
    const contract = await proof();
    for (const token of [readonly, content]) {
      const refused = await post('/api/admin/deal/submit', { id: r.id, ...fields(contract) }, token);
      expect([refused.statusCode, refused.json().msg]).toEqual([403, messages.common.forbidden]);
      const body = multipartFile(TINY_PNG, 'contract.png', 'image/png');
      expect((await t.call({ method: 'POST', url: '/api/admin/upload/proof', token, payload: body.payload, headers: body.headers })).statusCode).toBe(403);
    }
    expect((await post('/api/admin/deal/submit', { id: r.id, ...fields(contract) }, await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin))).statusCode).toBe(403);
    // 财务 changes deals: it records, with its own proof.
    const finance = await sessions.create(await userIdOf(t, cid, CONSOLE_ACCOUNTS.financeOperator), cid);
    const recorded = await post('/api/admin/deal/submit', { id: r.id, ...fields(await proof(finance)) }, finance);
    expect(recorded.statusCode, recorded.body).toBe(200);
  });

  it('adjust: with a reason, never below what was paid, at the version read; audited with from and to; the broker and the shop manager hear of it', async () => {
    const id = await reportWithDeal(BROKER, { signedOn: dayOffset(-3), priceFen: 200_000_000, commissionFen: 6_000_000, paidFen: 2_000_000 });
    const noReason = await post('/api/admin/deal/adjust', { id, adjustedCommission: '55000', reason: '  ', version: 1 });
    expect([noReason.statusCode, noReason.json().msg]).toEqual([400, messages.deal.adjustReasonRequired]);
    const below = await post('/api/admin/deal/adjust', { id, adjustedCommission: '19999.99', reason: '开发商调整', version: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().msg).toContain('20000.00');
    const before = (await messagesOf(id)).length;
    const res = await post('/api/admin/deal/adjust', { id, adjustedCommission: '55000', reason: '开发商调整点位', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(messages.deal.adjusted);
    expect(res.json().data).toMatchObject({ adjustedCommissionFen: 5_500_000, commissionFen: 5_500_000, adjustReason: '开发商调整点位', leftFen: 3_500_000, settlementState: 'PARTIAL', version: 2 });
    const stale = await post('/api/admin/deal/adjust', { id, adjustedCommission: '56000', reason: '旧版本', version: 1 });
    expect([stale.statusCode, stale.json().msg]).toEqual([409, messages.deal.staleVersion]);
    const [audit] = await queryRows<{ actorId: number; detail: { from: number; to: number; reason: string } }>(
      t.database.db,
      sql`select actor_id as "actorId", detail from audit_log where action = 'record.commission-adjust' and entity_id = ${id}`,
    );
    expect(audit).toMatchObject({ actorId: await userIdOf(t, cid, CONSOLE_ACCOUNTS.operator), detail: { from: 6_000_000, to: 5_500_000, reason: '开发商调整点位' } });
    const sent = (await messagesOf(id)).slice(before);
    expect(sent.map((m) => m.userId).sort()).toEqual([await userIdOf(t, cid, BROKER), await userIdOf(t, cid, MANAGER)].sort());
    for (const m of sent) expect(m.content).toContain('开发商调整点位');
    // Another company's operator: 404, nothing changed.
    expect((await post('/api/admin/deal/adjust', { id, adjustedCommission: '1', reason: 'x', version: 2 }, stranger, HOSTS.second)).statusCode).toBe(404);
    expect((await get(`/api/admin/deal/get-deal?id=${id}`, operator)).json().data.deal.version).toBe(2);
  });
});
