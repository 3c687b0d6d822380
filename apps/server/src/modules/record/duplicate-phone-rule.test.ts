import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { house, record } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Issue 28, item 1 (decision 066): 撞单 compares two whole numbers whole, and by the first 3 and
 * last 4 digits only when one side is hidden, on report-first and visit-first listings; the
 * refusal says which comparison it was. Two whole numbers with the same ends (13544440001 and
 * 13566660001, both 135****0001) used to be refused as one customer.
 */
const BROKER_A = DEMO_ACCOUNTS.broker; // distributor 1
const BROKER_B = DEMO_ACCOUNTS.otherBroker; // distributor 2
let t: TestApp;
let cid: number;
const listings: Record<'REPORT_FIRST' | 'VISIT_FIRST', typeof house.$inferSelect> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  const rows = await activeListings(t, cid, 2);
  const settings = { reportLeadTime: 30, reportProtectHours: 72, takeLookProtectHours: 240, isNeedIdCard: false, sellingStatus: 'SELLING' as const, ruleTel: 'MASKED' as const };
  for (const [i, mode] of (['REPORT_FIRST', 'VISIT_FIRST'] as const).entries()) {
    await t.database.db.update(house).set({ ...settings, protectionMode: mode }).where(eq(house.id, rows[i]!.id));
    listings[mode] = { ...rows[i]!, ...settings, protectionMode: mode };
  }
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** Two numbers of one pattern (167****<n>), different in the middle; 167 is no seeded prefix. */
function pair(): { a: string; b: string } {
  const tail = String(++seq).padStart(4, '0');
  return { a: `1671111${tail}`, b: `1672222${tail}` };
}
const submitAs = (account: string, houseId: number, phone: string) =>
  t.postAs('/api/record/post-record-data', account, reportSubmitPayload([houseId], { name: '撞先生', phone }));
const protectedUntilOf = async (houseId: number, phone: string) =>
  (await t.database.db.select().from(record).where(and(eq(record.companyId, cid), eq(record.houseId, houseId), eq(record.customerPhone, phone))))[0]!.protectUntil;

for (const mode of ['REPORT_FIRST', 'VISIT_FIRST'] as const) {
  describe(`撞单 on a ${mode} listing`, () => {
    it('lets two different whole numbers with the same first 3 and last 4 digits both be reported', async () => {
      const { a, b } = pair();
      expect(maskPhone(a)).toBe(maskPhone(b));
      expect((await submitAs(BROKER_A, listings[mode].id, a)).statusCode).toBe(200);
      const other = await submitAs(BROKER_B, listings[mode].id, b);
      expect(other.statusCode, other.body).toBe(200);
      // And the same distributor may report both numbers: two customers.
      const next = pair();
      expect((await submitAs(BROKER_A, listings[mode].id, next.a)).statusCode).toBe(200);
      expect((await submitAs(BROKER_A, listings[mode].id, next.b)).statusCode).toBe(200);
    });

    it('refuses the same whole number, saying the numbers are the same', async () => {
      const { a } = pair();
      expect((await submitAs(BROKER_A, listings[mode].id, a)).statusCode).toBe(200);
      const until = formatShanghaiMinute(await protectedUntilOf(listings[mode].id, a));
      const own = await submitAs(BROKER_A, listings[mode].id, a);
      expect(own.statusCode).toBe(409);
      expect(own.json().msg).toBe(messages.recordServer.duplicateOwn(listings[mode].name, maskPhone(a), until, 'whole'));
      if (mode === 'REPORT_FIRST') {
        const other = await submitAs(BROKER_B, listings[mode].id, a);
        expect(other.statusCode).toBe(409);
        expect(other.json().msg).toBe(messages.recordServer.duplicateOther(listings[mode].name, maskPhone(a), until, 'whole'));
      } else {
        // 到访为王: another distributor's report waits for the arrival beside it (decision 053).
        expect((await submitAs(BROKER_B, listings[mode].id, a)).statusCode).toBe(200);
      }
    });

    it('refuses a hidden number against a whole one of its pattern, and the reverse, saying it compared 3 + 4 digits', async () => {
      const { a, b } = pair();
      expect((await submitAs(BROKER_A, listings[mode].id, a)).statusCode).toBe(200);
      const until = formatShanghaiMinute(await protectedUntilOf(listings[mode].id, a));
      const hidden = await submitAs(BROKER_A, listings[mode].id, maskPhone(b));
      expect(hidden.statusCode).toBe(409);
      expect(hidden.json().msg).toBe(messages.recordServer.duplicateOwn(listings[mode].name, maskPhone(a), until, 'pattern'));

      const next = pair();
      expect((await submitAs(BROKER_A, listings[mode].id, maskPhone(next.a))).statusCode).toBe(200);
      const whole = await submitAs(BROKER_A, listings[mode].id, next.b);
      expect(whole.statusCode).toBe(409);
      expect(whole.json().msg).toContain(messages.recordServer.duplicateOwn(listings[mode].name, maskPhone(next.b), '', 'pattern').split('，保护期至')[0]!);
      if (mode === 'REPORT_FIRST') {
        const other = await submitAs(BROKER_B, listings[mode].id, next.b);
        expect(other.statusCode).toBe(409);
        expect(other.json().msg).toMatch(/已被其他渠道报备（隐号报备，按前3后4比对）/);
      }
    });

    it('refuses two hidden numbers of one pattern', async () => {
      const { a } = pair();
      expect((await submitAs(BROKER_A, listings[mode].id, maskPhone(a))).statusCode).toBe(200);
      const again = await submitAs(BROKER_A, listings[mode].id, maskPhone(a));
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toMatch(/（隐号报备，按前3后4比对）/);
    });
  });
}

describe('one submit', () => {
  it('takes two different whole numbers of one pattern as two customers, a whole and a hidden one of it as one', async () => {
    const { a, b } = pair();
    const both = reportSubmitPayload([listings.REPORT_FIRST.id], [{ name: '撞先生', phone: a }, { name: '撞女士', phone: b }]);
    const res = await t.postAs('/api/record/post-record-data', BROKER_A, both);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recordIds).toHaveLength(2);

    const next = pair();
    const same = reportSubmitPayload([listings.REPORT_FIRST.id], [{ name: '撞先生', phone: next.a }, { name: '撞女士', phone: maskPhone(next.a) }]);
    const refused = await t.postAs('/api/record/post-record-data', BROKER_A, same);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(messages.recordServer.duplicateInSubmit);
  });
});
