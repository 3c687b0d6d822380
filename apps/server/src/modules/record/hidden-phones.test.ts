import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { reportCopyText } from '@baobei/shared/rules/record-view';
import { house } from '../../db/schema';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Decision 019: on a MASKED listing the developer side (CHANNEL,
 * CHANNELJINGLI, the external arrival list) reads 3 + 4 digits even when the broker typed the
 * full number; the reporter's side and the auditors read what was entered.
 */
let t: TestApp;
let dataDir: string;
let cid: number;
let masked: { id: number };
let full: { id: number };
const FULL_NUMBER = '16612345678';
const HIDDEN = '166****5678';
const OTHER_NUMBER = '16698761234';
const reports = {} as Record<'masked' | 'full', number>;

const ROLES = {
  broker: '13800000003',
  manager: '13800000002',
  general: '13800000001',
  channel: '13800000004',
  channelManager: '13800000005',
  auditorAdmin: '13800000007',
} as const;
type Who = keyof typeof ROLES;
const tokens = {} as Record<Who, string>;
const post = (url: string, who: Who, payload: object) => t.call({ method: 'POST', url, payload, token: tokens[who] });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-hidden-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  cid = await t.companyIdOf(HOSTS.localhost);
  for (const [who, phone] of Object.entries(ROLES)) tokens[who as Who] = await t.login(phone);
  const rows = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, cid)).orderBy(asc(house.id)).limit(2);
  masked = rows[0]!;
  full = rows[1]!;
  await t.database.db.update(house).set({ ruleTel: 'MASKED' }).where(eq(house.id, masked.id));
  await t.database.db.update(house).set({ ruleTel: 'FULL' }).where(eq(house.id, full.id));
  const broker = await userIdOf(t, cid, ROLES.broker);
  const auditorId = await userIdOf(t, cid, '13800000006');
  const common = { status: 'RECORDCOMPLETE' as const, reporterId: broker, auditorId };
  reports.masked = (await insertReport(t, cid, { ...common, houseId: masked.id, customerPhone: FULL_NUMBER, customerPhoneMasked: HIDDEN, customerName: '隐号客户' })).id;
  reports.full = (await insertReport(t, cid, { ...common, houseId: full.id, customerPhone: OTHER_NUMBER, customerPhoneMasked: '166****1234', customerName: '全号客户' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const listQuery = (keyword = '') => ({ keyword, approvalStatus: '', searchDate: [] });
async function phoneInList(who: Who, id: number, keyword = ''): Promise<string | undefined> {
  const url = who === 'manager' || who === 'general' ? '/api/record/get-distributor-record-list' : '/api/record/get-record-list';
  const res = await post(`${url}?page=1&pageSize=50`, who, who === 'general' || who === 'manager' ? { ...listQuery(keyword), subdistributorUserId: 0 } : listQuery(keyword));
  expect(res.statusCode).toBe(200);
  const item = res.json().data.list.find((r: { id: number }) => r.id === id);
  return item?.customerInfo.phone;
}

describe('hidden numbers stay hidden', () => {
  it('the channel roles read a MASKED listing’s phone as 3 + 4 digits in the list, the detail and the copy text', async () => {
    for (const who of ['channel', 'channelManager'] as const) {
      expect(await phoneInList(who, reports.masked)).toBe(HIDDEN);
      const detail = await post('/api/record/get-record-data', who, { id: reports.masked });
      expect(detail.statusCode).toBe(200);
      const data = detail.json().data;
      expect(data.customerInfo.phone).toBe(HIDDEN);
      expect(JSON.stringify(data)).not.toContain(FULL_NUMBER);
      // The copy text is built from what the answer carries.
      expect(reportCopyText({ ...data, houseName: data.houseName })).toContain(HIDDEN);
      // A FULL listing shows the whole number to them.
      expect(await phoneInList(who, reports.full)).toBe(OTHER_NUMBER);
    }
  });

  it('the reporter’s side and the auditors read what was entered', async () => {
    expect(await phoneInList('broker', reports.masked)).toBe(FULL_NUMBER);
    expect(await phoneInList('manager', reports.masked)).toBe(FULL_NUMBER);
    expect(await phoneInList('general', reports.masked)).toBe(FULL_NUMBER);
    expect(await phoneInList('auditorAdmin', reports.masked)).toBe(FULL_NUMBER);
    for (const who of ['broker', 'auditorAdmin'] as const) {
      expect((await post('/api/record/get-record-data', who, { id: reports.masked })).json().data.customerInfo.phone).toBe(FULL_NUMBER);
    }
    const audit = await post('/api/record/get-record-audit-data', 'auditorAdmin', { id: reports.masked });
    expect(audit.json().data.customerInfo.phone).toBe(FULL_NUMBER);
  });

  it('a phone search cannot reveal the hidden digits', async () => {
    // The channel finds the report by what it sees, never by the digits it may not see.
    expect(await phoneInList('channel', reports.masked, '5678')).toBe(HIDDEN);
    expect(await phoneInList('channel', reports.masked, FULL_NUMBER)).toBeUndefined();
    expect(await phoneInList('channel', reports.masked, '1234')).toBeUndefined();
    // On a FULL listing, and for the reporter, the entered number is searched.
    expect(await phoneInList('channel', reports.full, OTHER_NUMBER)).toBe(OTHER_NUMBER);
    expect(await phoneInList('broker', reports.masked, FULL_NUMBER)).toBe(FULL_NUMBER);
  });

  it('the external arrival list shows 3 + 4 digits on a MASKED listing, the whole number on a FULL one', async () => {
    const external = async (houseId: number) => {
      const link = await post('/api/record/get-report-auto-link', 'auditorAdmin', { houseId });
      const sign = new URL(link.json().data.path, 'http://x').searchParams.get('sign')!;
      const res = await t.call({ method: 'POST', url: '/api/record/get-report-auto-list?page=1&pageSize=50', payload: { houseId, sign, state: 'WAITING' } });
      expect(res.statusCode).toBe(200);
      return { sign, list: res.json().data.list as { id: number; customerPhone: string }[] };
    };
    const hidden = await external(masked.id);
    expect(hidden.list.find((r) => r.id === reports.masked)?.customerPhone).toBe(HIDDEN);
    expect(JSON.stringify(hidden.list)).not.toContain(FULL_NUMBER);
    // Confirming the arrival answers the report the same way.
    const check = await t.call({ method: 'POST', url: '/api/record/check-report', payload: { houseId: masked.id, sign: hidden.sign, id: reports.masked } });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.customerPhone).toBe(HIDDEN);
    const shown = await external(full.id);
    expect(shown.list.find((r) => r.id === reports.full)?.customerPhone).toBe(OTHER_NUMBER);
  });
});
