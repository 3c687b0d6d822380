import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { adminExportMessages } from '@baobei/shared/messages/admin';
import { house, record } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, reportSubmitPayload, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 28, item 3: a report keeps the distributor and shop (二级公司) it was made under. The
 * broker 13800000003 of 龙华万达店 reports; the general account unbinds that shop's manager and
 * moves the brokers to the manager of 美兰国兴店; the old report still reads 龙华万达店 on the
 * broker's detail and list, the auditor's audit page, the console's table, drawer and export.
 */
const BROKER = DEMO_ACCOUNTS.broker;
const GENERAL = '13800000001';
const OLD_MANAGER = '13800000002'; // 龙华万达店
const NEW_MANAGER = '13800000023'; // 美兰国兴店
let t: TestApp;
let cid: number;
let listing: typeof house.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  [listing] = (await activeListings(t, cid, 1)) as [typeof house.$inferSelect];
  await t.database.db.update(house).set({ ruleTel: 'FULL', isNeedIdCard: false, sellingStatus: 'SELLING', reportLeadTime: 30 }).where(eq(house.id, listing.id));
});
afterAll(async () => {
  await t.close();
});

async function sheetRows(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('a report keeps its shop when its broker moves', () => {
  it('reads the shop it was made under everywhere, after the broker moved to another shop manager', async () => {
    const phone = '16600283001';
    const submitted = await t.postAs('/api/record/post-record-data', BROKER, reportSubmitPayload([listing.id], { name: '店先生', phone }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().data.recordIds[0] as number;
    expect((await t.database.db.select().from(record).where(eq(record.id, id)))[0]).toMatchObject({ shopName: '龙华万达店' });

    const moved = await t.postAs('/api/user/del-user', GENERAL, { uid: await userIdOf(t, cid, OLD_MANAGER), newUid: await userIdOf(t, cid, NEW_MANAGER) });
    expect(moved.statusCode, moved.body).toBe(200);
    const me = (await t.call({ method: 'GET', url: '/api/index/get-init-config', token: await t.login(BROKER) })).json().data;
    expect(JSON.stringify(me)).toContain('美兰国兴店');

    const broker = await t.login(BROKER);
    const detail = (await t.call({ method: 'POST', url: '/api/record/get-record-data', payload: { id }, token: broker })).json().data;
    expect(detail.subdistributorName).toBe('龙华万达店');
    const list = (await t.call({ method: 'POST', url: '/api/record/get-record-list', payload: { keyword: phone }, token: broker })).json().data.list;
    expect(list.find((r: { id: number }) => r.id === id).subdistributorName).toBe('龙华万达店');
    const audit = (await t.postAs('/api/record/get-record-audit-data', DEMO_ACCOUNTS.auditorAdmin, { id })).json().data;
    expect(audit.subdistributorName).toBe('龙华万达店');

    const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
    const operator = sign.json().data.token as string;
    const table = (await t.call({ method: 'GET', url: `/api/admin/record/list?page=1&pageSize=20&keyword=${phone}`, token: operator })).json().data.list;
    expect(table.find((r: { id: number }) => r.id === id).shopName).toBe('龙华万达店');
    expect((await t.call({ method: 'GET', url: `/api/admin/record/get?id=${id}`, token: operator })).json().data.shopName).toBe('龙华万达店');
    const exported = await t.call({ method: 'GET', url: `/api/admin/export/records?keyword=${phone}`, token: operator });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = await sheetRows(exported.rawPayload);
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf(adminExportMessages.colShop)]).toBe('龙华万达店');
  });
});
