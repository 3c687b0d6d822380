import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import type { feedback} from '../db/schema';
import { house, record, recordApproval, recordDynamic } from '../db/schema';
import { createTestApp, type TestApp } from './test-app';
import { insertReport, reportSubmitPayload, userIdOf } from './records';

/**
 * Bad input gets a clear 400 naming the field, never a 500 and never a
 * silent '' saved with 200 成功. The cases the review named, through the real app.
 */
let t: TestApp;
let cid: number;
let houseId: number;
const BROKER = '13800000003';
const AUDITOR = '13800000006';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf('localhost');
  for (const phone of [BROKER, AUDITOR]) tokens[phone] = await t.login(phone);
  const [listing] = await t.database.db
    .select()
    .from(house)
    .where(and(eq(house.companyId, cid), eq(house.active, true), eq(house.ruleTel, 'FULL')))
    .limit(1);
  await t.database.db.update(house).set({ reportLeadTime: 30, isNeedIdCard: false }).where(eq(house.id, listing!.id));
  houseId = listing!.id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, phone: string | null, payload: unknown) =>
  t.call({ method: 'POST', url, payload: payload as object, token: phone ? tokens[phone] : undefined });

const reportPayload = (extra: Record<string, unknown>) => reportSubmitPayload([houseId], { name: '输入测试', phone: '16600008888' }, extra);

async function countRows(table: typeof record | typeof recordDynamic | typeof feedback | typeof recordApproval): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

describe('a report: NUL, over-long remark and reception are refused, nothing saved', () => {
  it.each([
    [{ remark: '到访\u0000备注' }, messages.input.badCharacter('备注')],
    [{ remark: '长'.repeat(501) }, '备注不能超过500个字'],
    [{ reception: '长'.repeat(51) }, '接待人不能超过50个字'],
    [{ dkStaffName: 'a\u0000' }, messages.input.badCharacter('带看人姓名')],
    [{ selectHouse: [2_147_483_648] }, messages.input.outOfRange('楼盘')],
    [{ visitorNum: 2 ** 40 }, messages.input.outOfRange('到访人数')],
    [{ visitingTime: '2024-02-30 10:00' }, messages.input.invalid('到访时间')],
    [{ customerList: [{ name: '甲\u0000', sex: 1, phone: '16600008888', telType: 0, customerPic: [] }] }, messages.input.badCharacter('客户姓名')],
  ])('%o → 400 %s', async (extra, message) => {
    const before = await countRows(record);
    const res = await post('/api/record/post-record-data', BROKER, reportPayload(extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(message);
    expect(await countRows(record)).toBe(before);
  });

  it('the same report with a 500-character remark and a 50-character reception is saved whole', async () => {
    const res = await post('/api/record/post-record-data', BROKER, reportPayload({ remark: '长'.repeat(500), reception: '接'.repeat(50) }));
    expect(res.statusCode, res.body).toBe(200);
    const [saved] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0]));
    expect(saved!.remark).toBe('长'.repeat(500));
    expect(saved!.reception).toBe('接'.repeat(50));
  });
});

describe('a dynamic and an audit opinion: refused when over-long or with NUL, nothing saved', () => {
  it('update-record-customer-info', async () => {
    const row = await insertReport(t, cid, { status: 'RECORDSTART', reporterId: await userIdOf(t, cid, BROKER) });
    const before = await countRows(recordDynamic);
    for (const [remark, message] of [
      ['长'.repeat(501), '备注不能超过500个字'],
      ['跟进\u0000', messages.input.badCharacter('备注')],
      [42, messages.input.invalid('备注')],
    ] as const) {
      const res = await post('/api/record/update-record-customer-info', BROKER, { id: row.id, remark });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    expect(await countRows(recordDynamic)).toBe(before);
  });

  it('submit-record-audit-data', async () => {
    const row = await insertReport(t, cid, {
      status: 'RECORDSTART',
      reporterId: await userIdOf(t, cid, BROKER),
      auditorId: await userIdOf(t, cid, AUDITOR),
    });
    const approvals = await countRows(recordApproval);
    const base = { id: row.id, approvalStatus: 'RECORDSTANDBY', version: 1, reback: false, visitTime: '', approvalResult: '' };
    for (const [extra, message] of [
      [{ approvalResult: '长'.repeat(501) }, '审核意见不能超过500个字'],
      [{ approvalResult: '意见\u0000' }, messages.input.badCharacter('审核意见')],
      [{ reback: 'yes' }, messages.input.invalid('驳回')],
      [{ version: 2_147_483_648 }, messages.input.outOfRange('版本')],
    ] as const) {
      const res = await post('/api/record/submit-record-audit-data', AUDITOR, { ...base, ...extra });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    const [after] = await t.database.db.select().from(record).where(eq(record.id, row.id));
    expect(after!.status).toBe('RECORDSTART');
    expect(after!.version).toBe(1);
    expect(await countRows(recordApproval)).toBe(approvals);
  });
});

describe('ids and numbers beyond their columns are a 400, not a 500', () => {
  it.each([
    ['/api/record/get-record-data', { id: 2_147_483_648 }, messages.input.outOfRange('报备')],
    ['/api/record/get-record-data', { id: '2147483648' }, messages.input.outOfRange('报备')],
    ['/api/record/remove-customer', { id: 2 ** 53 }, messages.input.outOfRange('客户')],
    ['/api/index/get-house-data', { id: 2_147_483_648 }, messages.input.outOfRange('楼盘')],
    ['/api/user/favorite-house', { id: 2_147_483_648, status: 1, name: '' }, messages.input.outOfRange('楼盘')],
    ['/api/user/add-share-to-visitor', { openid: '', shareUser: 2_147_483_648, houseid: 1 }, messages.input.outOfRange('分享人')],
    ['/api/record/get-customer-list', { keyword: 'a\u0000' }, messages.input.badCharacter('搜索关键词')],
    ['/api/user/add-gbook', { content: 42 }, messages.input.invalid('反馈内容')],
  ])('%s %o → 400 %s', async (url, payload, message) => {
    const res = await post(url, BROKER, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('query strings: a NUL, a huge id or page is a 400', async () => {
    for (const url of [
      '/api/index/policy-property-group?buildingId=2147483648',
      '/api/index/policy-property-group?buildingId=1%00',
      '/api/record/get-record-list?page=99999999999999999999',
      '/api/publicapi/get-company-by-keyword?keyword=%00',
    ]) {
      const res = await t.call({ method: url.includes('record-list') ? 'POST' : 'GET', url, token: tokens[BROKER], payload: url.includes('record-list') ? {} : undefined });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
  });
});

describe('malformed requests are a 400 (or 404 for an unknown host), never a 500', () => {
  it('bad JSON, wrong content type, deep nesting, a body that is not an object', async () => {
    const cases: [string, string][] = [
      ['{"remark":', 'application/json'],
      ['\u0000', 'application/json'],
      [`${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'application/json'],
      [JSON.stringify(JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)), 'application/json'],
      ['[]', 'application/json'],
      ['remark=1', 'application/x-www-form-urlencoded'],
      ['remark', 'text/plain'],
      ['--x', 'multipart/form-data'],
    ];
    for (const [payload, contentType] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/record/update-record-customer-info',
        payload,
        headers: { 'content-type': contentType },
        token: tokens[BROKER],
      });
      expect(res.statusCode, `${contentType} ${payload.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${contentType} ${payload.slice(0, 30)}`).toBeLessThan(500);
    }
  });

  it('a multipart body without a boundary on an upload', async () => {
    const res = await t.call({ method: 'POST', url: '/api/publicapi/upload-licence', payload: '--x', headers: { 'content-type': 'multipart/form-data' } });
    expect(res.statusCode).toBe(400);
  });

  it('a host with NUL or slashes is no company (404), not a failed lookup', async () => {
    for (const host of ['\u0000', 'localhost\u0000', '../../etc/passwd', "' or 1=1 --"]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/index/get-common-init-config', headers: { host } });
      expect(res.statusCode, JSON.stringify(host)).toBe(404);
      const byQuery = await t.app.inject({ method: 'GET', url: `/api/index/get-company?host=${encodeURIComponent(host)}` });
      expect(byQuery.statusCode, JSON.stringify(host)).toBeLessThan(500);
    }
  });
});
