import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { adminPrivacyMessages as text_ } from '@baobei/shared/messages/admin/privacy';
import type { AdminPrivacyFind } from '@baobei/shared/schemas/admin-privacy';
import { plainUploadUrl, uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { queryRows } from '../../db/client';
import { auditLog, customer, customerImage, message, piiRequest, recordDynamic } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { TINY_PNG } from '../../test/multipart';
import { insertReport, userIdOf } from '../../test/records';
import { freshStatistics, keptStatistics } from '../../test/statistics';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * 个人信息请求 on both databases (issue 33 item 4, docs/decisions/093): the finder names every row
 * that holds the phone, the person's file holds them all, the anonymisation removes the phone and
 * the name from the whole database while the statistics stay, and each handling is recorded.
 */
const PHONE = '13766660001';
const NAME = '隐私测试客户';
let t: TestApp;
let cid: number;
let brokerId: number;
let operator: string;
let proof: string;

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  brokerId = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
  // The person: a customer of the broker with a proof, two reports (one open), a dynamic and a message naming them.
  proof = plainUploadUrl((await t.app.uploadService.saveImage(cid, brokerId, TINY_PNG, 'picture')).url);
  const [c] = await t.database.db.insert(customer).values({ companyId: cid, ownerId: brokerId, name: NAME, phone: PHONE }).returning();
  await t.database.db.insert(customerImage).values({ customerId: c!.id, url: proof });
  for (const status of ['RECORDCOMPLETE', 'MAKEBARGAINCLOSE'] as const) {
    const r = await insertReport(t, cid, { status, reporterId: brokerId, customerId: c!.id, customerName: NAME, customerPhone: PHONE, customerPics: [proof], remark: `客户电话${PHONE}` });
    await t.database.db.insert(recordDynamic).values({ recordId: r.id, userId: brokerId, userName: '经纪人', remark: `已联系${NAME}，电话${PHONE}` });
    await t.database.db.insert(message).values({ companyId: cid, userId: brokerId, kind: 'RECORD_STATUS', title: `${NAME}的报备状态更新`, content: `客户${NAME}（${PHONE}）报备已更新`, recordId: r.id });
    // Who saw the full number (decision 092): a row per report, as the detail route writes it.
    await t.app.piiAccess.record({ companyId: cid, userId: brokerId }, '/api/record/get-record-data', [{ phone: PHONE, recordId: r.id, customerId: c!.id }]);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = operator, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, payload: object, token = operator) => t.call({ method: 'POST', url, token, payload });

/** Every text or jsonb cell of the public tables that holds `needle`, as 'table.column'. */
async function wholeDatabaseHolding(needle: string): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'ARRAY', 'character varying')`,
  );
  const found: string[] = [];
  for (const c of columns) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text like ${`%${needle}%`}`,
    );
    if (row!.n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('个人信息请求', () => {
  it('refuses a bad number with the message, and finds nothing of another company (404)', async () => {
    const bad = await get('/api/admin/privacy/find?phone=1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(text_.phoneInvalid);
    const stranger = await t.consoleLogin('13900000009', { host: HOSTS.second });
    const other = await get(`/api/admin/privacy/find?phone=${PHONE}`, stranger, HOSTS.second);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(text_.nothingFound);
    expect((await get(`/api/admin/privacy/export?phone=${PHONE}`, stranger, HOSTS.second)).statusCode).toBe(404);
  });

  it('exports a source with no rows as an empty sheet', async () => {
    const [c] = await t.database.db.insert(customer).values({ companyId: cid, ownerId: brokerId, name: '只有客户', phone: '13766660002' }).returning();
    const file = await get('/api/admin/privacy/export?phone=13766660002');
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([[text_.sources.customers, 2], [text_.sources.reports, 0], [text_.sources.messages, 0], [text_.sources.accessLog, 0]]);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe(c!.name);
  });

  it('finds every row that names the phone, and the person’s file holds them all', async () => {
    const found = (await get(`/api/admin/privacy/find?phone=${PHONE}`)).json().data as AdminPrivacyFind;
    expect(found.sources.map((s) => [s.source, s.count])).toEqual([['customers', 1], ['reports', 2], ['messages', 2], ['accessLog', 2]]);
    expect(found.total).toBe(7);
    // The access log's rows of the number (decision 095): who, which page, the masked number.
    expect(found.sources[3]!.rows.map((r) => r.fields[text_.colPage])).toEqual(['报备详情', '报备详情']);
    expect(found.sources[3]!.rows.every((r) => r.fields[text_.colPhone] === '137****0001')).toBe(true);
    // Every row of the tables that names the phone is among them.
    const held = await queryRows<{ source: string; id: number }>(
      t.database.db,
      sql`select 'customers' as source, id from customer where company_id = ${cid} and phone = ${PHONE}
        union all select 'reports', id from record where company_id = ${cid} and customer_phone = ${PHONE}
        union all select 'messages', id from message where company_id = ${cid} and (content like ${`%${PHONE}%`} or title like ${`%${NAME}%`})
        union all select 'accessLog', id::int from pii_access_log where company_id = ${cid} and phone_masked = '137****0001'`,
    );
    for (const h of held) expect(found.sources.find((s) => s.source === h.source)!.rows.map((r) => r.id)).toContain(h.id);

    const file = await get(`/api/admin/privacy/export?phone=${PHONE}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => [s.name, s.rowCount - 1])).toEqual([[text_.sources.customers, 1], [text_.sources.reports, 2], [text_.sources.messages, 2], [text_.sources.accessLog, 2]]);
    const cells = book.worksheets.flatMap((s) => s.getSheetValues().flat().map(String));
    expect(cells.filter((v) => v === PHONE).length).toBe(3);
    expect(cells.some((v) => v.includes(`（${PHONE}）`))).toBe(true);
    const [, request] = await t.database.db.select().from(piiRequest).where(and(eq(piiRequest.companyId, cid), eq(piiRequest.action, 'export'))).orderBy(piiRequest.id);
    expect(request).toMatchObject({ counts: { customers: 1, reports: 2, messages: 2, accessLog: 2 } });
    expect(await t.database.db.select().from(piiRequest).where(eq(piiRequest.companyId, cid))).toHaveLength(2);
    expect(request!.phoneKey).not.toContain(PHONE);
  });

  it('anonymises on request with a reason: the phone and name are nowhere, the statistics stay, the request is recorded', async () => {
    expect((await post('/api/admin/privacy/anonymise', { phone: PHONE, reason: '', total: 7 })).json().msg).toBe(text_.reasonRequired);
    const stale = await post('/api/admin/privacy/anonymise', { phone: PHONE, reason: '本人要求', total: 6 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(text_.changed);
    expect(await wholeDatabaseHolding(PHONE)).not.toEqual([]);

    const [kept, fresh] = [await keptStatistics(t, cid), await freshStatistics(t, cid)];
    const logged = await queryRows<{ id: number }>(t.database.db, sql`select id::int from pii_access_log where company_id = ${cid} and phone_masked = '137****0001' order by id`);
    const done = await post('/api/admin/privacy/anonymise', { phone: PHONE, reason: '本人来电要求删除', total: 7 });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ total: 7, counts: { customers: 1, reports: 2, messages: 2, accessLog: 2, pictures: 1 } });
    // The access log keeps who saw which report when, no longer findable by the number (decision 095).
    const unlinked = await queryRows<{ id: number; phone_key: string; route: string }>(
      t.database.db,
      sql`select id::int, phone_key, route from pii_access_log where id in (${sql.join(logged.map((r) => sql`${r.id}`), sql`, `)}) order by id`,
    );
    expect(unlinked).toEqual(logged.map((r) => ({ id: r.id, phone_key: 'unlinked', route: '/api/record/get-record-data' })));
    // Only that change gets through the trigger, and only where the transaction says so.
    await t.app.piiAccess.record({ companyId: cid, userId: brokerId }, '/api/record/get-record-data', [{ phone: '13766660009' }]);
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`select max(id)::int as id from pii_access_log where company_id = ${cid}`);
    const tries = [
      sql`update pii_access_log set phone_key = 'unlinked' where id = ${other!.id}`,
      sql`update pii_access_log set route = 'x' where id = ${logged[0]!.id}`,
      sql`delete from pii_access_log where id = ${logged[0]!.id}`,
    ];
    for (const attempt of tries) await expect(t.database.db.execute(attempt)).rejects.toThrow();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('baobei.pii_unlink', 'on', true)`);
        await tx.execute(sql`update pii_access_log set route = 'x', phone_key = 'unlinked' where id = ${logged[0]!.id}`);
      }),
    ).rejects.toThrow();

    expect(await wholeDatabaseHolding(PHONE)).toEqual([]);
    expect(await wholeDatabaseHolding(NAME)).toEqual([]);
    expect(await t.app.uploadService.storage.read(uploadKeyOf(proof)!, 'private')).toBeNull();
    expect(await keptStatistics(t, cid)).toEqual(kept);
    expect(await freshStatistics(t, cid)).toEqual(fresh);
    expect((await get(`/api/admin/privacy/find?phone=${PHONE}`)).statusCode).toBe(404);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, cid), eq(auditLog.action, 'privacy.anonymise')));
    expect(audit!.detail).toMatchObject({ reason: '本人来电要求删除', reports: 2, customers: 1, messages: 2, pictures: 1 });
    expect((await t.database.db.select().from(piiRequest).where(and(eq(piiRequest.companyId, cid), eq(piiRequest.action, 'anonymise'))))[0]).toMatchObject({
      counts: { customers: 1, reports: 2, messages: 2, accessLog: 2 },
    });
    const list = (await get('/api/admin/privacy/requests')).json().data;
    expect(list.list.map((r: { action: string }) => r.action)).toEqual(['anonymise', 'export', 'export']);
    expect(list.list[0]).toMatchObject({ reason: '本人来电要求删除', operatorName: expect.any(String) });
  });
});
