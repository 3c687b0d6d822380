import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { auditLog, house, record, recordApproval } from '../../db/schema';
import { createJobFailureRepository } from '../../jobs/job-failure-repository';
import { createJobQueue } from '../../jobs/job-queue';
import { JOB_NAMES } from '../../jobs/jobs';
import { defineProtectionJobs } from './record-jobs';
import { activeListings, reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { openSecondInstance, testDatabaseKind } from '../../test/test-database';
import { createRecordProtectionService } from './record-protection-service';

/**
 * Protection expiry with a controllable clock (issue 17, item 2; docs/decisions/051): the job
 * stores the end of a protection, and the real submit route then lets another distributor report
 * the customer; a visit keeps the protection until the viewing protection ends; the reporter is
 * warned once.
 */
const HOUR = 3_600_000;
const log = pino({ level: 'silent' });
let t: TestApp;
let listing: typeof house.$inferSelect;
let clock = new Date();
const protection = () => createRecordProtectionService({ db: t.database.db, log, now: () => clock });

beforeAll(async () => {
  t = await createTestApp();
  const companyId = await t.companyIdOf(HOSTS.localhost);
  const [row] = await activeListings(t, companyId, 1);
  await t.database.db
    .update(house)
    .set({ reportLeadTime: 30, reportProtectHours: 72, takeLookProtectHours: 240, ruleTel: 'FULL', isNeedIdCard: false })
    .where(eq(house.id, row!.id));
  listing = { ...row!, reportProtectHours: 72, takeLookProtectHours: 240 };
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** 167 is no seeded prefix: a customer no other report has. */
const freshPhone = () => `1670017${String(++seq).padStart(4, '0')}`;
/** The broker of distributor 1 (13800000003) or of distributor 2 (13800000008) reports through the real route. */
const submitAs = (account: string, phone: string) =>
  t.postAs('/api/record/post-record-data', account, reportSubmitPayload([listing.id], { name: '蔺先生', phone }));

async function reportOf(account: string, phone: string): Promise<typeof record.$inferSelect> {
  const res = await submitAs(account, phone);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(record).where(eq(record.id, res.json().data.recordIds[0] as number));
  return row!;
}

const rowOf = async (id: number) => (await t.database.db.select().from(record).where(eq(record.id, id)))[0]!;
const historyOf = (id: number) => t.database.db.select().from(recordApproval).where(eq(recordApproval.recordId, id));
const auditsOf = (id: number, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('protection expiry', () => {
  it('expires a report at its protection time, after which another distributor can report the customer', async () => {
    const phone = freshPhone();
    const report = await reportOf('13800000003', phone);
    const duplicate = messages.recordServer.duplicateOther(listing.name, maskPhone(phone), formatShanghaiMinute(report.protectUntil), 'whole');

    clock = new Date(report.protectUntil.getTime() - 60_000);
    await protection().expire();
    expect((await rowOf(report.id)).protectionExpiredAt).toBeNull();
    const early = await submitAs('13800000008', phone);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(duplicate);

    clock = new Date(report.protectUntil.getTime() + 1_000);
    expect(await protection().expire()).toBeGreaterThanOrEqual(1);
    await protection().expire(); // a second run changes nothing
    const expired = await rowOf(report.id);
    expect(expired.protectionExpiredAt).toEqual(report.protectUntil);
    expect(expired.status).toBe('RECORDSTART');
    expect(expired.version).toBe(report.version);
    const history = await historyOf(report.id);
    expect(history.filter((h) => h.approvalResult === messages.recordServer.protectionExpired)).toHaveLength(1);
    expect(await auditsOf(report.id, 'record.protection-expired')).toHaveLength(1);

    // The list shows 已过保护期 and the reporter's side may 重新报备: the same stored fact.
    const detail = await t.postAs('/api/record/get-record-data', '13800000003', { id: report.id });
    expect(detail.json().data).toMatchObject({ expired: true, isRecordAgain: 1 });

    const other = await submitAs('13800000008', phone);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('keeps a visited report protected past its report protection, until the viewing protection ends', async () => {
    const phone = freshPhone();
    const report = await reportOf('13800000003', phone);
    const visitTime = new Date(report.createdAt.getTime() + HOUR);
    await t.database.db.update(record).set({ status: 'VISIT', visitTime }).where(eq(record.id, report.id));
    const viewingEnd = new Date(visitTime.getTime() + 240 * HOUR);

    clock = new Date(report.protectUntil.getTime() + HOUR);
    await protection().expire();
    expect((await rowOf(report.id)).protectionExpiredAt).toBeNull();
    const blocked = await submitAs('13800000008', phone);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().msg).toBe(messages.recordServer.duplicateOther(listing.name, maskPhone(phone), formatShanghaiMinute(viewingEnd), 'whole'));
    const detail = await t.postAs('/api/record/get-record-data', '13800000003', { id: report.id });
    expect(detail.json().data).toMatchObject({ expired: false, isRecordAgain: 0 });

    clock = new Date(viewingEnd.getTime() + 1_000);
    await protection().expire();
    expect((await rowOf(report.id)).protectionExpiredAt).toEqual(viewingEnd);
    expect((await historyOf(report.id)).filter((h) => h.approvalResult === messages.recordServer.viewingProtectionExpired)).toHaveLength(1);
    expect((await submitAs('13800000008', phone)).statusCode).toBe(200);
  });

  it('never expires a deal', async () => {
    const report = await reportOf('13800000003', freshPhone());
    await t.database.db.update(record).set({ status: 'MAKEBARGAIN', visitTime: report.createdAt }).where(eq(record.id, report.id));
    clock = new Date(report.protectUntil.getTime() + 10_000 * HOUR);
    await protection().expire();
    expect((await rowOf(report.id)).protectionExpiredAt).toBeNull();
  });

  it('warns the reporter once, the company setting before the end, even when the job runs twice', async () => {
    const report = await reportOf('13800000003', freshPhone());
    clock = new Date(report.protectUntil.getTime() - 25 * HOUR);
    expect(await protection().dueWarnings()).not.toContain(report.id);

    clock = new Date(report.protectUntil.getTime() - 23 * HOUR);
    expect(await protection().dueWarnings()).toContain(report.id);
    // The real jobs on a queue of their own with this clock: the minute's job twice.
    const queue = createJobQueue({
      sql: t.database.queueSql,
      log,
      failures: createJobFailureRepository(t.database.db),
      pollingIntervalSeconds: 0.5,
    });
    defineProtectionJobs(queue, protection());
    await queue.start();
    try {
      await queue.send(JOB_NAMES.protectionExpiry, {});
      await queue.send(JOB_NAMES.protectionExpiry, {});
      const end = Date.now() + 30_000;
      while (!(await rowOf(report.id)).protectionWarnedAt && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      // Both minute jobs and every warning job they queued have run by now.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      await queue.stop();
    }
    expect((await rowOf(report.id)).protectionWarnedAt).toEqual(clock);
    expect(await auditsOf(report.id, 'record.protection-warning')).toHaveLength(1);
    // A third run, and one more warning call, find it warned.
    expect(await protection().dueWarnings()).not.toContain(report.id);
    expect(await protection().warn(report.id)).toBe(false);
    expect(await auditsOf(report.id, 'record.protection-warning')).toHaveLength(1);
  }, 60_000);

  it('the company sets how long before', async () => {
    const report = await reportOf('13800000003', freshPhone());
    await t.database.db.execute(sql`update company set protection_warning_hours = 48 where id = ${report.companyId}`);
    try {
      clock = new Date(report.protectUntil.getTime() - 47 * HOUR);
      expect(await protection().dueWarnings()).toContain(report.id);
      const [first, second] = await Promise.all([protection().warn(report.id), protection().warn(report.id)]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
    } finally {
      await t.database.db.execute(sql`update company set protection_warning_hours = 24 where id = ${report.companyId}`);
    }
  });

  it('0 hours warns nobody (the console setting, docs/decisions/056)', async () => {
    const report = await reportOf('13800000003', freshPhone());
    await t.database.db.execute(sql`update company set protection_warning_hours = 0 where id = ${report.companyId}`);
    try {
      clock = new Date(report.protectUntil.getTime() - 60_000);
      expect(await protection().dueWarnings()).not.toContain(report.id);
    } finally {
      await t.database.db.execute(sql`update company set protection_warning_hours = 24 where id = ${report.companyId}`);
    }
    expect(await protection().dueWarnings()).toContain(report.id);
  });

  it.runIf(testDatabaseKind() === 'postgres')('leaves a report its auditor is marking visited at that moment', async () => {
    const report = await reportOf('13800000003', freshPhone());
    clock = new Date(report.protectUntil.getTime() + 1_000);
    const other = openSecondInstance(t.database);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The auditor's transaction holds the row while the job runs.
      const auditor = other.db.transaction(async (tx) => {
        await tx.update(record).set({ status: 'VISIT', visitTime: clock }).where(eq(record.id, report.id));
        await held;
      });
      await new Promise((r) => setTimeout(r, 200));
      await protection().expire();
      release();
      await auditor;
      await protection().expire();
      expect(await rowOf(report.id)).toMatchObject({ status: 'VISIT', protectionExpiredAt: null });
    } finally {
      await other.close();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')('expires each due report once when two instances run at once', async () => {
    const reports = [];
    for (let i = 0; i < 6; i++) reports.push(await reportOf('13800000003', freshPhone()));
    const other = openSecondInstance(t.database);
    try {
      clock = new Date(Math.max(...reports.map((r) => r.protectUntil.getTime())) + 1_000);
      const second = createRecordProtectionService({ db: other.db, log, now: () => clock });
      await Promise.all([protection().expire(), second.expire(), protection().expire(), second.expire()]);
      for (const r of reports) {
        expect((await historyOf(r.id)).filter((h) => h.approvalResult === messages.recordServer.protectionExpired)).toHaveLength(1);
        expect(await auditsOf(r.id, 'record.protection-expired')).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
