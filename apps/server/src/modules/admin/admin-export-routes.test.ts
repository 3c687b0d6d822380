import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { adminAuthMessages } from '@baobei/shared/messages/admin';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 16, item 4 (docs/decisions/049): the console's Excel exports, read back with exceljs:
 * exactly the rows of the filter, a MASKED listing's numbers hidden, nothing of another
 * company, the audit row, and the refusals (mobile token, bad filter) as the envelope.
 */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let operatorA = '';
let operatorB = '';
/** Two listings of company localhost made for this file: one MASKED, one FULL. */
let maskedHouse = 0;
let fullHouse = 0;

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });

/** The first sheet (or the named one) as rows of cell texts, header first. */
async function readSheet(body: Buffer, name?: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = name ? book.getWorksheet(name) : book.worksheets[0];
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v instanceof Date ? v.toISOString().slice(0, 16).replace('T', ' ') : v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
async function sheetNames(body: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets.map((w) => w.name);
}

const exportAudits = async (action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'export'), eq(auditLog.action, action))).orderBy(auditLog.id);

/** A report inserted as the submit would leave it, for a customer phone entered in full. */
async function insertReport(companyId: number, houseId: number, name: string, phone: string, reporterPhone: string, createdAt: string) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id, distributor_id, shop_manager_id,
          auditor_id, estimated_visit_time, protect_until, submission_id, created_at)
        select ${companyId}, ${houseId}, ${name}, ${phone}, left(${phone}, 3) || '****' || right(${phone}, 4), u.id, u.distributor_id, u.manager_id,
          (select id from "user" where company_id = ${companyId} and role = 'AUDITOR' order by id limit 1),
          ${createdAt}::timestamptz + interval '1 day', ${createdAt}::timestamptz + interval '7 days', ${`export-test-${name}`}, ${createdAt}::timestamptz
        from "user" u where u.company_id = ${companyId} and u.phone = ${reporterPhone}
        returning id`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  operatorA = await consoleToken(CONSOLE_ACCOUNTS.operator);
  operatorB = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
  const copy = async (name: string, rule: 'MASKED' | 'FULL') => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into house (company_id, city_id, name, rule_tel) select company_id, city_id, ${name}, ${rule} from house where company_id = ${companyA} order by id limit 1 returning id`,
    );
    return row!.id;
  };
  maskedHouse = await copy('导出测试隐号楼盘', 'MASKED');
  fullHouse = await copy('导出测试全号楼盘', 'FULL');
  await insertReport(companyA, maskedHouse, '导出甲', '13712340001', DEMO_ACCOUNTS.broker, '2026-03-01T02:00:00Z');
  await insertReport(companyA, maskedHouse, '导出乙', '13712340002', DEMO_ACCOUNTS.otherBroker, '2026-03-02T02:00:00Z');
  await insertReport(companyA, maskedHouse, '导出丙', '13712340003', DEMO_ACCOUNTS.broker, '2026-03-03T15:30:00Z');
  await insertReport(companyA, fullHouse, '导出丁', '13712340004', DEMO_ACCOUNTS.broker, '2026-03-04T02:00:00Z');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/export/records', () => {
  it('answers the filtered report table as an .xlsx file: exactly its rows, newest first, hidden numbers hidden', async () => {
    const res = await get(`/api/admin/export/records?houseId=${maskedHouse}`, operatorA);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const day = shanghaiDay(new Date()).replaceAll('-', '');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`报备列表-${day}.xlsx`)}`,
    );
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('3');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      '报备编号', '客户姓名', '客户电话', '楼盘', '分销商', '门店', '经纪人', '经纪人电话',
      '报备时间', '预计到访时间', '实际到访时间', '最后更新时间', '报备状态', '审核员',
      // 保护期 (issue 28, item 4): the state and when it ends.
      '保护期', '保护期至',
      // The deal (docs/decisions/055), empty for these reports without one.
      '签约日期', '楼栋房号', '面积(㎡)', '成交总价(元)', '应结佣金(元)', '已结佣金(元)', '结佣状态',
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['导出丙', '导出乙', '导出甲']);
    // The console reads as the developer side: a MASKED listing's number as 3 + 4 only.
    expect(rows.slice(1).map((r) => r[2])).toEqual(['137****0003', '137****0002', '137****0001']);
    expect(res.rawPayload.toString('latin1')).not.toContain('13712340003');
    // Shanghai time: 15:30 UTC is 23:30 in Shanghai, the same day.
    expect(rows[1]![8]).toBe('2026-03-03 23:30');
    expect(rows[1]![3]).toBe('导出测试隐号楼盘');
    expect(rows[1]![12]).toBe('待处理');
    expect(rows[1]![13]).not.toBe('');
  });

  it('keeps a FULL listing number as entered, and the status and keyword filters are the table’s', async () => {
    const full = await readSheet((await get(`/api/admin/export/records?houseId=${fullHouse}`, operatorA)).rawPayload);
    expect(full.slice(1).map((r) => [r[1], r[2]])).toEqual([['导出丁', '13712340004']]);
    const keyword = await readSheet((await get(`/api/admin/export/records?keyword=${encodeURIComponent('导出乙')}`, operatorA)).rawPayload);
    expect(keyword.slice(1).map((r) => r[1])).toEqual(['导出乙']);
    const none = await get(`/api/admin/export/records?houseId=${maskedHouse}&status=VISIT`, operatorA);
    expect(none.headers[EXPORT_ROWS_HEADER]).toBe('0');
    expect(await readSheet(none.rawPayload)).toHaveLength(1);
  });

  it('holds every report of the company and none of another: the whole export against SQL', async () => {
    const res = await get('/api/admin/export/records', operatorA);
    const ids = (await readSheet(res.rawPayload)).slice(1).map((r) => Number(r[0]));
    const own = await queryRows<{ id: number }>(t.database.db, sql`select id from record where company_id = ${companyA} order by created_at desc, id desc`);
    expect(ids).toEqual(own.map((r) => r.id));
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe(String(own.length));
    // Company 127.0.0.1's operator, on its own host, naming a listing of localhost: an empty file.
    const other = await get(`/api/admin/export/records?houseId=${maskedHouse}`, operatorB, HOSTS.second);
    expect(other.statusCode).toBe(200);
    expect(await readSheet(other.rawPayload)).toHaveLength(1);
    const otherAll = (await readSheet((await get('/api/admin/export/records', operatorB, HOSTS.second)).rawPayload)).slice(1);
    const theirs = await queryRows<{ id: number }>(t.database.db, sql`select id from record where company_id = ${companyB}`);
    expect(otherAll.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(theirs.map((r) => r.id).sort((a, b) => a - b));
    expect(otherAll.map((r) => r[1])).not.toContain('导出甲');
  });

  it('writes one audit row per export: who, which, the filter and the rows', async () => {
    const before = (await exportAudits('export.records')).length;
    await get(`/api/admin/export/records?houseId=${maskedHouse}&status=RECORDSTART`, operatorA);
    const audits = await exportAudits('export.records');
    expect(audits).toHaveLength(before + 1);
    const last = audits.at(-1)!;
    expect(last.companyId).toBe(companyA);
    expect(last.detail).toMatchObject({ actorRole: 'OPERATOR', rows: 3, filter: { houseId: maskedHouse, status: 'RECORDSTART' } });
  });

  it('refuses a mobile token (403) and a bad filter (400, a Chinese message), writing nothing', async () => {
    const before = (await exportAudits('export.records')).length;
    const mobile = await get('/api/admin/export/records', await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin));
    expect(mobile.statusCode).toBe(403);
    expect(mobile.json().msg).toBe(adminAuthMessages.noConsoleAccess);
    const anonymous = await get('/api/admin/export/records', undefined);
    expect(anonymous.statusCode).toBe(401);
    for (const query of ['status=NOPE', 'datePreset=5', 'dateFrom=2026-03-01', 'dateFrom=2026-03-05&dateTo=2026-03-01', 'houseId=abc']) {
      const res = await get(`/api/admin/export/records?${query}`, operatorA);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().msg, query).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await exportAudits('export.records')).toHaveLength(before);
  });
});

describe('GET /api/admin/export/statistics', () => {
  it('answers the funnel by distributor, by broker and by listing of the company, then its deals', async () => {
    // Issue 28, item 9: one of 导出测试全号楼盘's two reports at 成交 with its deal, signed today.
    const dealt = await insertReport(companyA, fullHouse, '导出成交', '13712340005', DEMO_ACCOUNTS.broker, '2026-03-05T02:00:00Z');
    await t.database.db.execute(sql`update record set status = 'MAKEBARGAIN' where id = ${dealt}`);
    await t.database.db.execute(sql`insert into record_deal (record_id, company_id, building, room, floor_area, total_price_fen, signed_on,
        contract_picture, property_type, base_fen, incentive_fen, commission_fen, adjusted_commission_fen, paid_fen, settlement_state, created_by)
      select id, company_id, '1栋', '101', 90, 123456789, ${shanghaiDay(new Date())}::date, 'contract.jpg', 'RESIDENCE', 3000000, 0, 3000000, 3500000, 1000000,
        'PARTIAL', reporter_id from record where id = ${dealt}`);
    const res = await get('/api/admin/export/statistics?dateType=0', operatorA);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(await sheetNames(res.rawPayload)).toEqual(['按分销商', '按经纪人', '按楼盘', '成交与佣金']);
    const houses = await readSheet(res.rawPayload, '按楼盘');
    expect(houses[0]).toEqual(['楼盘', '报备', '处理中', '已发开发商', '已到访', '成交', '确认成交', '成交率']);
    // 成交率 is a number (the share) shown as a percent, not a text.
    expect(houses.find((r) => r[0] === '导出测试隐号楼盘')).toEqual(['导出测试隐号楼盘', '3', '0', '0', '0', '0', '0', '0']);
    expect(houses.find((r) => r[0] === '导出测试全号楼盘')).toEqual(['导出测试全号楼盘', '2', '1', '1', '1', '1', '0', '0.5']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rate = book.getWorksheet('按楼盘')!.getColumn(8);
    expect(rate.numFmt).toBe('0.0%');
    expect(typeof book.getWorksheet('按分销商')!.getRow(2).getCell(8).value).toBe('number');
    const counts = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from record where company_id = ${companyA}`);
    const byDistributor = await readSheet(res.rawPayload, '按分销商');
    expect(byDistributor.slice(1).reduce((sum, r) => sum + Number(r[1]), 0)).toBe(counts[0]!.n);
    const brokers = await readSheet(res.rawPayload, '按经纪人');
    expect(brokers.slice(1).map((r) => r[1])).not.toContain('13900000003');
    // 成交与佣金: the company's deals by signing date, the overview's figures, amounts as 元 numbers.
    const deals = await readSheet(res.rawPayload, '成交与佣金');
    expect(deals[0]).toEqual(['统计时间', '成交套数', '成交金额(元)', '应结佣金(元)', '已结佣金(元)', '待结佣金(元)', '说明']);
    const sums = (await get('/api/admin/deal/summary?dateType=0', operatorA)).json().data.sums;
    expect(sums.dealCount).toBeGreaterThan(0);
    expect(deals.slice(1)).toEqual([
      ['不限', String(sums.dealCount), String(sums.totalPriceFen / 100), String(sums.commissionFen / 100), String(sums.paidFen / 100), String(sums.pendingFen / 100), '按签约日期统计本公司全部报备的成交'],
    ]);
    expect(book.getWorksheet('成交与佣金')!.getColumn(3).numFmt).toBe('#,##0.00');
    const today = (await readSheet((await get('/api/admin/export/statistics?dateType=1', operatorA)).rawPayload, '成交与佣金'))[1]!;
    expect(today[0]).toBe(`${shanghaiDay(new Date())} 至 ${shanghaiDay(new Date())}`);
    expect(Number(today[2])).toBeGreaterThanOrEqual(1234567.89);
    expect(Number(res.headers[EXPORT_ROWS_HEADER])).toBe(byDistributor.length + brokers.length + houses.length + deals.length - 4);
    expect((await exportAudits('export.statistics')).at(-2)?.detail).toMatchObject({ filter: { dateType: 0 } });
  });

  it('refuses a preset the statistics do not offer', async () => {
    const res = await get('/api/admin/export/statistics?dateType=99', operatorA);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请选择正确的统计时间');
  });
});

describe('GET /api/admin/export/staff', () => {
  it("answers the company's distributor accounts, none of another company's", async () => {
    const res = await get('/api/admin/export/staff', operatorA);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['分销商', '门店', '姓名', '角色', '手机号', '状态', '创建时间']);
    const phones = rows.slice(1).map((r) => r[4]);
    const own = await queryRows<{ phone: string }>(
      t.database.db,
      sql`select phone from "user" where company_id = ${companyA} and distributor_id is not null order by id`,
    );
    expect(phones).toEqual(own.map((r) => r.phone));
    expect(phones).not.toContain(CONSOLE_ACCOUNTS.operator);
    expect(phones).not.toContain(DEMO_ACCOUNTS.auditor);
    expect(phones.some((p) => p!.startsWith('139'))).toBe(false);
    expect(rows.find((r) => r[4] === DEMO_ACCOUNTS.general)?.[3]).toBe('总账号');
    expect(rows.find((r) => r[4] === DEMO_ACCOUNTS.broker)?.[3]).toBe('业务员');
    const brokers = await readSheet((await get('/api/admin/export/staff?role=YUEWUYUAN&active=1', operatorA)).rawPayload);
    expect(brokers.slice(1).every((r) => r[3] === '业务员' && r[5] === '启用')).toBe(true);
    expect((await get('/api/admin/export/staff?role=OPERATOR', operatorA)).statusCode).toBe(400);
  });
});
