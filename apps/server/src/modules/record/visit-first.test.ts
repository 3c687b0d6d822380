import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { protectionModeMessages as modeText } from '@baobei/shared/messages/protection-mode';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { auditLog, house, record, recordApproval } from '../../db/schema';
import { instanceSecret } from '../../lib/instance-secrets';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { signExternalLink } from './external-link';
import { createRecordProtectionService } from './record-protection-service';

/**
 * 到访为王 per listing (issue 17, item 3; docs/decisions/053), through the real routes: on a
 * VISIT_FIRST listing two distributors report one customer, the first confirmed arrival (the
 * auditor's audit or the developer's external check) wins and closes the other open report with
 * its reason; a report-first listing keeps the 撞单 rule. The protection job runs with a
 * controllable clock: once the winner's viewing protection has ended, the customer is free again.
 */
const HOUR = 3_600_000;
const BROKER_A = DEMO_ACCOUNTS.broker; // distributor 1
const BROKER_B = DEMO_ACCOUNTS.otherBroker; // distributor 2
const ADMIN = DEMO_ACCOUNTS.auditorAdmin;
const log = pino({ level: 'silent' });
let t: TestApp;
let cid: number;
let visitFirst: typeof house.$inferSelect;
let reportFirst: typeof house.$inferSelect;
let maskedVisitFirst: typeof house.$inferSelect;
let clock = new Date();
const protection = () => createRecordProtectionService({ db: t.database.db, log, now: () => clock });

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  const rows = await activeListings(t, cid, 3);
  const settings = { reportLeadTime: 30, reportProtectHours: 72, takeLookProtectHours: 240, isNeedIdCard: false, sellingStatus: 'SELLING' as const };
  const set = async (row: typeof house.$inferSelect, values: Partial<typeof house.$inferInsert>) => {
    await t.database.db.update(house).set({ ...settings, ...values }).where(eq(house.id, row.id));
    return { ...row, ...settings, ...values } as typeof house.$inferSelect;
  };
  visitFirst = await set(rows[0]!, { protectionMode: 'VISIT_FIRST', ruleTel: 'FULL' });
  reportFirst = await set(rows[1]!, { protectionMode: 'REPORT_FIRST', ruleTel: 'FULL' });
  maskedVisitFirst = await set(rows[2]!, { protectionMode: 'VISIT_FIRST', ruleTel: 'MASKED' });
});
afterAll(async () => {
  await t.database.db.update(house).set({ protectionMode: 'REPORT_FIRST' }).where(eq(house.companyId, cid));
  await t.close();
});

let seq = 0;
/** 166 is no seeded prefix: a customer no other report has. */
const freshPhone = () => `1660053${String(++seq).padStart(4, '0')}`;
const submitAs = (account: string, houseId: number, phone: string) =>
  t.postAs('/api/record/post-record-data', account, reportSubmitPayload([houseId], { name: '到先生', phone }));

async function reportOf(account: string, houseId: number, phone: string): Promise<number> {
  const res = await submitAs(account, houseId, phone);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.recordIds[0] as number;
}

const rowOf = async (id: number) => (await t.database.db.select().from(record).where(eq(record.id, id)))[0]!;
const historyOf = (id: number) => t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, id)).orderBy(asc(recordApproval.id));
const auditsOf = (id: number, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

/** The auditor admin moves a report (it audits every report of the company) with the version it reads. */
async function audit(id: number, approvalStatus: string, extra: Record<string, unknown> = {}) {
  const { version } = await rowOf(id);
  return t.postAs('/api/record/submit-record-audit-data', ADMIN, {
    id,
    version,
    reback: false,
    approvalResult: '审核意见',
    approvalStatus,
    visitTime: approvalStatus === 'VISIT' ? formatShanghaiMinute(new Date(Date.now() - HOUR)) : '',
    ...extra,
  });
}
async function sentToDeveloper(id: number) {
  const res = await audit(id, 'RECORDCOMPLETE');
  expect(res.statusCode, res.body).toBe(200);
}

async function externalSign(houseId: number) {
  const { externalLinkVersion } = (await t.database.db.select().from(house).where(eq(house.id, houseId)))[0]!;
  return signExternalLink(await instanceSecret(t.database.db, 'external-link'), { companyId: cid, houseId, version: externalLinkVersion });
}
const externalCheck = async (houseId: number, id: number) =>
  t.call({ method: 'POST', url: '/api/record/check-report', payload: { houseId, sign: await externalSign(houseId), id } });

/** The closed report as the system closed it: status, reason, history row, audit row, and the broker's detail. */
async function expectClosedByArrival(id: number, broker: string) {
  expect(await rowOf(id)).toMatchObject({ status: 'RECORDCLOSE', approvalResult: modeText.closedByArrival });
  const last = (await historyOf(id)).at(-1)!;
  expect(last).toMatchObject({ status: 'RECORDCLOSE', userId: null, userName: modeText.systemActor, approvalResult: modeText.closedByArrival });
  const audits = await auditsOf(id, 'record.visit-first-close');
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ actorId: null, detail: expect.objectContaining({ to: 'RECORDCLOSE' }) });
  const detail = await t.postAs('/api/record/get-record-data', broker, { id });
  expect(detail.statusCode).toBe(200);
  expect(detail.json().data).toMatchObject({ approvalStatus: 'RECORDCLOSE', approvalResult: modeText.closedByArrival });
  expect(detail.json().data.list.at(-1)).toMatchObject({ approvalResult: modeText.closedByArrival, userName: modeText.systemActor });
}

describe('到访为王 per listing (decision 053)', () => {
  it('report-first: the second distributor is refused with the 撞单 message, as before', async () => {
    const phone = freshPhone();
    const first = await rowOf(await reportOf(BROKER_A, reportFirst.id, phone));
    const second = await submitAs(BROKER_B, reportFirst.id, phone);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(messages.recordServer.duplicateOther(reportFirst.name, maskPhone(phone), formatShanghaiMinute(first.protectUntil), 'whole'));
  });

  it('visit-first: both distributors report; the audited arrival wins and closes the other report; a third report is refused', async () => {
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, visitFirst.id, phone);
    const b = await reportOf(BROKER_B, visitFirst.id, phone);
    // The same distributor's duplicate rule stays.
    const own = await submitAs(BROKER_B, visitFirst.id, phone);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe(messages.recordServer.duplicateOwn(visitFirst.name, maskPhone(phone), formatShanghaiMinute((await rowOf(b)).protectUntil), 'whole'));

    await sentToDeveloper(a);
    const moved = await audit(a, 'VISIT');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await rowOf(a)).toMatchObject({ status: 'VISIT' });
    await expectClosedByArrival(b, BROKER_B);

    // After the arrival: the visit protects the customer until the viewing protection ends.
    const winner = await rowOf(a);
    const viewingEnd = new Date(winner.visitTime!.getTime() + 240 * HOUR);
    const third = await submitAs(BROKER_B, visitFirst.id, phone);
    expect(third.statusCode).toBe(409);
    expect(third.json().msg).toBe(messages.recordServer.duplicateOther(visitFirst.name, maskPhone(phone), formatShanghaiMinute(viewingEnd), 'whole'));

    // The controllable clock: once the job stored the end of the viewing protection, the customer is free again.
    clock = new Date(viewingEnd.getTime() + 1_000);
    await protection().expire();
    expect((await rowOf(a)).protectionExpiredAt).toEqual(viewingEnd);
    expect((await submitAs(BROKER_B, visitFirst.id, phone)).statusCode).toBe(200);
  });

  it('visit-first: the external arrival check wins the same way, and the list marks the customer reported twice', async () => {
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, visitFirst.id, phone);
    const b = await reportOf(BROKER_B, visitFirst.id, phone);
    await sentToDeveloper(a);
    await sentToDeveloper(b);
    const sign = await externalSign(visitFirst.id);
    const list = await t.call({ method: 'POST', url: '/api/record/get-report-auto-list?page=1&pageSize=100', payload: { houseId: visitFirst.id, sign, state: 'WAITING' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.protectionMode).toBe('VISIT_FIRST');
    const rows = list.json().data.list as { id: number; reportedBy: number }[];
    expect(rows.find((r) => r.id === a)?.reportedBy).toBe(2);
    expect(rows.find((r) => r.id === b)?.reportedBy).toBe(2);

    const checked = await externalCheck(visitFirst.id, b);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({ id: b, approvalStatus: 'VISIT' });
    await expectClosedByArrival(a, BROKER_A);
    // The closed report left the waiting list; checking it now is refused.
    const late = await externalCheck(visitFirst.id, a);
    expect(late.statusCode).toBe(409);
    expect((await submitAs(BROKER_A, visitFirst.id, phone)).statusCode).toBe(409);
  });

  it('visit-first on a MASKED listing: 138****5678 and the whole number are one customer, as for 撞单', async () => {
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, maskedVisitFirst.id, phone);
    const b = await reportOf(BROKER_B, maskedVisitFirst.id, maskPhone(phone));
    await sentToDeveloper(b);
    expect((await audit(b, 'VISIT')).statusCode).toBe(200);
    await expectClosedByArrival(a, BROKER_A);
  });

  it('a second arrival of the customer is refused once the first won (the auditor admin reopening the closed report to 已到访)', async () => {
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, visitFirst.id, phone);
    const b = await reportOf(BROKER_B, visitFirst.id, phone);
    await sentToDeveloper(a);
    expect((await audit(a, 'VISIT')).statusCode).toBe(200);
    await expectClosedByArrival(b, BROKER_B);
    const again = await audit(b, 'VISIT');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(modeText.arrivalTaken);
    expect(await rowOf(b)).toMatchObject({ status: 'RECORDCLOSE' });
  });

  it('the console reopening a closed report to 已到访 is an arrival too: it closes the customer’s waiting report again', async () => {
    const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
    expect(sign.statusCode, sign.body).toBe(200);
    const operator = sign.json().data.token as string;
    const reopen = async (id: number) =>
      t.call({ method: 'POST', url: '/api/admin/record/reopen', token: operator, payload: { id, version: (await rowOf(id)).version } });
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, visitFirst.id, phone);
    const b = await reportOf(BROKER_B, visitFirst.id, phone);
    await sentToDeveloper(a);
    expect((await audit(a, 'VISIT')).statusCode).toBe(200);
    await expectClosedByArrival(b, BROKER_B);
    // A closed after its visit: its reopening would confirm the arrival again.
    expect((await audit(a, 'RECORDCLOSE')).statusCode).toBe(200);
    // B back to waiting (it never arrived: no arrival, nothing closed).
    expect((await reopen(b)).statusCode).toBe(200);
    expect((await rowOf(b)).status).not.toBe('RECORDCLOSE');
    // A back to 已到访: B closes again, in the same transaction, as the system.
    const reopened = await reopen(a);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await rowOf(a)).toMatchObject({ status: 'VISIT' });
    expect(await rowOf(b)).toMatchObject({ status: 'RECORDCLOSE', approvalResult: modeText.closedByArrival });
    expect(await auditsOf(b, 'record.visit-first-close')).toHaveLength(2);
    // With A holding the arrival, B's own visit cannot come back through the console either.
    expect((await audit(b, 'VISIT')).statusCode).toBe(409);
  });

  it('the console warns before reopening a report that lost the race while the rival holds the arrival, and asks (issue 28, item 8)', async () => {
    const sign = await t.call({ method: 'POST', url: '/api/admin/auth/sign', payload: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
    const operator = sign.json().data.token as string;
    const drawer = async (id: number) => (await t.call({ method: 'GET', url: `/api/admin/record/get?id=${id}`, token: operator })).json().data;
    const reopen = async (id: number, extra: Record<string, unknown> = {}) =>
      t.call({ method: 'POST', url: '/api/admin/record/reopen', token: operator, payload: { id, version: (await rowOf(id)).version, ...extra } });
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, visitFirst.id, phone);
    const b = await reportOf(BROKER_B, visitFirst.id, phone);
    await sentToDeveloper(a);
    expect((await audit(a, 'VISIT')).statusCode).toBe(200);
    // A goes on to the deal: it holds the customer.
    expect((await audit(a, 'MAKEBARGAIN')).statusCode).toBe(200);
    await expectClosedByArrival(b, BROKER_B);

    // The drawer says what reopening B means; without the operator's yes the server refuses with the same words.
    const before = await drawer(b);
    expect(before.reopenTo).toMatch(/^RECORD(START|STANDBY|COMPLETE)$/);
    expect(before.reopenWarning).toBe(adminRecordMessages.reopenArrivalTaken);
    const refused = await reopen(b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(adminRecordMessages.reopenArrivalTaken);
    expect(await rowOf(b)).toMatchObject({ status: 'RECORDCLOSE' });
    // Told and confirmed: reopened, and its arrival is still refused while A holds the customer.
    const confirmed = await reopen(b, { arrivalTakenAcknowledged: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await rowOf(b)).status).toBe(before.reopenTo);
    // A report with no rival holding the arrival reopens without a warning.
    const closedAlone = await reportOf(BROKER_A, visitFirst.id, freshPhone());
    expect((await audit(closedAlone, 'RECORDCLOSE', { reback: true })).statusCode).toBe(200);
    expect(await drawer(closedAlone)).toMatchObject({ reopenWarning: null });
    expect((await reopen(closedAlone)).statusCode).toBe(200);
  });

  it('report-first: an arrival closes nothing', async () => {
    const phone = freshPhone();
    const a = await reportOf(BROKER_A, reportFirst.id, phone);
    // Another customer's report of the listing stays as it was.
    const other = await reportOf(BROKER_B, reportFirst.id, freshPhone());
    await sentToDeveloper(a);
    expect((await audit(a, 'VISIT')).statusCode).toBe(200);
    expect(await rowOf(other)).toMatchObject({ status: 'RECORDSTART', version: 1 });
    expect(await auditsOf(other, 'record.visit-first-close')).toHaveLength(0);
  });

  it.each([
    ['two external checks', 'external', 'external'],
    ['an audit and an external check', 'audit', 'external'],
  ] as const)('race: %s of the two reports at once → exactly one 已到访', async (_name, first, second) => {
    for (let round = 0; round < 3; round++) {
      const phone = freshPhone();
      const a = await reportOf(BROKER_A, visitFirst.id, phone);
      const b = await reportOf(BROKER_B, visitFirst.id, phone);
      await sentToDeveloper(a);
      await sentToDeveloper(b);
      const arrive = (how: 'audit' | 'external', id: number) => (how === 'audit' ? audit(id, 'VISIT') : externalCheck(visitFirst.id, id));
      const answers = await Promise.all([arrive(first, a), arrive(second, b)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect([modeText.arrivalTaken, messages.recordTrack.externalNotWaiting, messages.recordTrack.staleVersion]).toContain(loser.json().msg);
      const statuses = [(await rowOf(a)).status, (await rowOf(b)).status].sort();
      expect(statuses).toEqual(['RECORDCLOSE', 'VISIT']);
      const closed = (await rowOf(a)).status === 'RECORDCLOSE' ? a : b;
      await expectClosedByArrival(closed, closed === a ? BROKER_A : BROKER_B);
    }
  }, 60_000);

  it('the listing detail and the audit detail carry the mode', async () => {
    const detail = await t.postAs('/api/index/get-house-data', BROKER_A, { id: visitFirst.id });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.protectionMode).toBe('VISIT_FIRST');
    const plain = await t.postAs('/api/index/get-house-data', BROKER_A, { id: reportFirst.id });
    expect(plain.json().data.protectionMode).toBe('REPORT_FIRST');
    const a = await reportOf(BROKER_A, visitFirst.id, freshPhone());
    const audited = await t.postAs('/api/record/get-record-audit-data', ADMIN, { id: a });
    expect(audited.statusCode, audited.body).toBe(200);
    expect(audited.json().data.protectionMode).toBe('VISIT_FIRST');
  });

});
