import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { house, record } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Sold-out (售罄) and stopped (停售) listings cannot be reported. */
let t: TestApp;
let dataDir: string;
let broker: string;
type House = typeof house.$inferSelect;
let open: House;
let closed: House;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-selling-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  const companyId = await t.companyIdOf(HOSTS.localhost);
  broker = await t.login('13800000003');
  const rows = await activeListings(t, companyId, 2);
  const common = { reportLeadTime: 30, reportProtectHours: 72, ruleTel: 'FULL' as const, isNeedIdCard: false };
  await t.database.db.update(house).set({ ...common, sellingStatus: 'SELLING' }).where(eq(house.id, rows[0]!.id));
  await t.database.db.update(house).set(common).where(eq(house.id, rows[1]!.id));
  open = { ...rows[0]!, ...common, sellingStatus: 'SELLING' };
  closed = { ...rows[1]!, ...common };
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
const payload = (selectHouse: number[]) => reportSubmitPayload(selectHouse, { name: '张三', phone: `1660009${String(++seq).padStart(4, '0')}` });
const submit = (selectHouse: number[]) =>
  t.call({ method: 'POST', url: '/api/record/post-record-data', payload: payload(selectHouse), token: broker });
const recordsOf = async (houseId: number) => (await t.database.db.select().from(record).where(eq(record.houseId, houseId))).length;

describe('report submit and the selling status', () => {
  it.each([
    ['SELL_OUT', '售罄'],
    ['STOP_SELL', '停售'],
  ] as const)('refuses a %s listing with the reason, saving nothing, even next to an open one', async (status, text) => {
    await t.database.db.update(house).set({ sellingStatus: status }).where(eq(house.id, closed.id));
    const before = [await recordsOf(open.id), await recordsOf(closed.id)];
    const res = await submit([open.id, closed.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`【${closed.name}】${text}，不能报备，请选择其他楼盘`);
    expect([await recordsOf(open.id), await recordsOf(closed.id)]).toEqual(before);
  });

  it('accepts the listing again once it is on sale', async () => {
    await t.database.db.update(house).set({ sellingStatus: 'OFFER_BUY' }).where(eq(house.id, closed.id));
    const res = await submit([open.id, closed.id]);
    expect(res.statusCode).toBe(200);
  });
});
