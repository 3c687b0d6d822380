import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { house, record } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 28, item 2: 保护期至 is one rule per state (protectionDueSql, the shared protectionDueAt):
 * the report protection's end while the customer is awaited, the viewing protection's end once
 * visited (later than the arrival), none for a deal. The broker's detail and list, the auditor's
 * audit page, the console's drawer and the duplicate refusal all say the same.
 */
const HOUR = 3_600_000;
const BROKER = DEMO_ACCOUNTS.broker;
const OTHER_BROKER = DEMO_ACCOUNTS.otherBroker;
const ADMIN = DEMO_ACCOUNTS.auditorAdmin;
let t: TestApp;
let listing: typeof house.$inferSelect;
let consoleToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const cid = await t.companyIdOf(HOSTS.localhost);
  const [row] = await activeListings(t, cid, 1);
  const settings = { reportLeadTime: 30, reportProtectHours: 72, takeLookProtectHours: 240, isNeedIdCard: false, sellingStatus: 'SELLING' as const, ruleTel: 'FULL' as const, protectionMode: 'REPORT_FIRST' as const };
  await t.database.db.update(house).set(settings).where(eq(house.id, row!.id));
  listing = { ...row!, ...settings };
  const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
  consoleToken = sign.json().data.token as string;
});
afterAll(async () => {
  await t.close();
});

const rowOf = async (id: number) => (await t.database.db.select().from(record).where(eq(record.id, id)))[0]!;

/** 保护期至 as every view answers it: the broker's detail and list, the audit page, the console drawer. */
async function shownEverywhere(id: number, phone: string): Promise<string[]> {
  const detail = (await t.postAs('/api/record/get-record-data', BROKER, { id })).json().data.protectUntil as string;
  const audit = (await t.postAs('/api/record/get-record-audit-data', ADMIN, { id })).json().data.protectUntil as string;
  const list = (await t.postAs('/api/record/get-record-list', BROKER, { keyword: phone })).json().data.list as { id: number; protectUntil: string }[];
  const drawer = (await t.call({ method: 'GET', url: `/api/admin/record/get?id=${id}`, headers: { authorization: consoleToken } })).json().data.protectUntil as string;
  return [detail, audit, list.find((r) => r.id === id)!.protectUntil, drawer];
}

async function audit(id: number, approvalStatus: string, visitTime = '') {
  const { version } = await rowOf(id);
  const res = await t.postAs('/api/record/submit-record-audit-data', ADMIN, { id, version, reback: false, approvalResult: '审核意见', approvalStatus, visitTime });
  expect(res.statusCode, res.body).toBe(200);
}

describe('保护期至 per state', () => {
  it('waiting: the report protection; visited: the viewing protection after the arrival; a deal: none, and the refusal says 已成交', async () => {
    const phone = '16600280001';
    const submitted = await t.postAs('/api/record/post-record-data', BROKER, reportSubmitPayload([listing.id], { name: '保先生', phone }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().data.recordIds[0] as number;
    const waiting = formatShanghaiMinute((await rowOf(id)).protectUntil);
    expect(await shownEverywhere(id, phone)).toEqual([waiting, waiting, waiting, waiting]);

    await audit(id, 'RECORDCOMPLETE');
    const arrival = new Date(Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000);
    await audit(id, 'VISIT', formatShanghaiMinute(arrival));
    const viewingEnd = formatShanghaiMinute(new Date(arrival.getTime() + 240 * HOUR));
    expect(viewingEnd > formatShanghaiMinute(arrival)).toBe(true);
    expect(await shownEverywhere(id, phone)).toEqual([viewingEnd, viewingEnd, viewingEnd, viewingEnd]);
    const whileVisited = await t.postAs('/api/record/post-record-data', OTHER_BROKER, reportSubmitPayload([listing.id], { name: '保先生', phone }));
    expect(whileVisited.json().msg).toBe(messages.recordServer.duplicateOther(listing.name, maskPhone(phone), viewingEnd, 'whole'));

    // A deal, then a confirmed deal: time no longer ends the protection, so no 保护期至 anywhere.
    for (const status of ['MAKEBARGAIN', 'MAKEBARGAINCOMPLETE'] as const) {
      await t.database.db.update(record).set({ status }).where(eq(record.id, id));
      expect(await shownEverywhere(id, phone)).toEqual(['', '', '', '']);
      const refused = await t.postAs('/api/record/post-record-data', OTHER_BROKER, reportSubmitPayload([listing.id], { name: '保先生', phone }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(messages.recordServer.duplicateOther(listing.name, maskPhone(phone), null, 'whole'));
      expect(refused.json().msg).toContain('已成交');
      expect(refused.json().msg).not.toContain('保护期至');
    }
  });
});
