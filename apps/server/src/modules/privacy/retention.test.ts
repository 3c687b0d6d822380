import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { CLOSED_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { anonymousName, monthsBefore } from '@baobei/shared/rules/retention';
import { plainUploadUrl, uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { queryRows } from '../../db/client';
import { auditLog, company, customer, customerImage, piiAccessLog, record, recordImage, upload } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../test/accounts';
import { TINY_PNG } from '../../test/multipart';
import { insertReport, userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createAnonymiser } from './anonymiser';
import { retentionJob } from './privacy-jobs';
import { createPrivacyRepository } from './privacy-repository';
import { createRetention, type RetentionRunOptions } from './retention';
import { freshStatistics, keptStatistics } from '../../test/statistics';

/**
 * 数据保留 on a controllable clock, on both databases (issue 33 item 3, docs/decisions/093): what
 * is due is anonymised and nothing else, the kept counts and a fresh count are the same before and
 * after, a second run changes nothing, and a batch killed before its commit loses nothing.
 */
const MONTH = 30 * 86_400_000;
let t: TestApp;
let cid: number;
let otherCid: number;
let brokerId: number;
let seq = 0;
/** The job's clock: three years ahead, so the seed's closed reports are due too. */
const now = new Date(Date.now() + 36 * MONTH);

beforeAll(async () => {
  t = await createTestApp();
  cid = await t.companyIdOf(HOSTS.localhost);
  otherCid = await t.companyIdOf(HOSTS.second);
  brokerId = await userIdOf(t, cid, DEMO_ACCOUNTS.broker);
  // Company localhost keeps data 24 months and pictures 12; the other company 48 and 40, so none of its reports is due.
  await t.database.db.update(company).set({ retentionMonths: 48, pictureRetentionMonths: 40 }).where(eq(company.id, otherCid));
});
afterAll(async () => {
  await t?.close();
});

const job = () => {
  const anonymiser = createAnonymiser({ records: t.app.reportAnonymiser, customers: t.app.customerAnonymiser, messages: t.app.messageAnonymiser, uploads: t.app.uploadService, accessLog: t.app.piiAccessAnonymiser });
  const retention = createRetention({
    db: t.database.db,
    log: pino({ level: 'silent' }),
    now: () => now,
    anonymiser,
    records: t.app.reportAnonymiser,
    customers: t.app.customerAnonymiser,
    settings: createPrivacyRepository(t.database.db),
  });
  return retentionJob(retention);
};
const run = async (options: Pick<RetentionRunOptions, 'onBatch' | 'batchSize'> = {}) => {
  const result = await job().dataRetention(options);
  if (!result.ran) throw new Error('not run');
  return result.value;
};

/** A stored private picture of the broker, as a report keeps it ('/uploads/<key>'). */
async function picture(): Promise<string> {
  const { url } = await t.app.uploadService.saveImage(cid, brokerId, TINY_PNG, 'picture');
  return plainUploadUrl(url);
}
const stored = async (url: string) => (await t.app.uploadService.storage.read(uploadKeyOf(url)!, 'private')) !== null;

/** A customer of the broker with one report closed `monthsAgo` (status as given), with a proof and a report image. */
async function closedReport(monthsAgo: number, status: RecordStatus = 'RECORDCLOSE') {
  seq += 1;
  const phone = `1370000${String(seq).padStart(4, '0')}`;
  const [c] = await t.database.db.insert(customer).values({ companyId: cid, ownerId: brokerId, name: `保留客户${seq}`, phone, createdAt: new Date(now.getTime() - (monthsAgo + 1) * MONTH) }).returning();
  const proof = await picture();
  await t.database.db.insert(customerImage).values({ customerId: c!.id, url: proof });
  const closedAt = new Date(now.getTime() - monthsAgo * MONTH);
  const r = await insertReport(t, cid, {
    status,
    reporterId: brokerId,
    customerId: c!.id,
    customerName: c!.name,
    customerPhone: phone,
    customerPics: [proof],
    createdAt: new Date(closedAt.getTime() - 86_400_000),
    operateAt: closedAt,
  });
  const image = await picture();
  await t.database.db.insert(recordImage).values({ recordId: r.id, url: image, uploadedBy: brokerId });
  // Someone saw the full number on the report (decision 092).
  await t.app.piiAccess.record({ companyId: cid, userId: brokerId }, '/api/record/get-record-data', [{ phone, recordId: r.id }]);
  return { customer: c!, report: r, proof, image };
}

const reportOf = async (id: number) => (await t.database.db.select().from(record).where(eq(record.id, id)))[0]!;
const customerOf = async (id: number) => (await t.database.db.select().from(customer).where(eq(customer.id, id)))[0]!;

describe('数据保留', () => {
  let old: Awaited<ReturnType<typeof closedReport>>;
  let middle: Awaited<ReturnType<typeof closedReport>>;
  let recent: Awaited<ReturnType<typeof closedReport>>;
  let open: Awaited<ReturnType<typeof insertReport>>;

  beforeAll(async () => {
    old = await closedReport(30);
    middle = await closedReport(18, 'MAKEBARGAINCLOSE');
    recent = await closedReport(3);
    // An open report long ago: never due, however old.
    open = await insertReport(t, cid, { status: 'VISIT', reporterId: brokerId, customerName: '未关闭客户', customerPhone: '13700009999', createdAt: new Date(now.getTime() - 40 * MONTH), operateAt: new Date(now.getTime() - 40 * MONTH) });
  });

  it('anonymises what is due and nothing else, and the statistics stay those of a fresh count', async () => {
    const [keptBefore, freshBefore] = [await keptStatistics(t, cid), await freshStatistics(t, cid)];
    expect(keptBefore.companyTally).toEqual(freshBefore.byStatus);
    const result = await run();
    expect(result.finished).toBe(true);

    // 30 months closed: the customer anonymised (客户X, masked phone), remark gone, pictures deleted.
    const o = await reportOf(old.report.id);
    expect(o.customerName).toBe(anonymousName({ customerId: old.customer.id }));
    expect(o.customerPhone).toBe(`${old.customer.phone.slice(0, 3)}****${old.customer.phone.slice(7)}`);
    expect(o.customerPics).toEqual([]);
    expect(o.anonymisedAt).not.toBeNull();
    expect(o.status).toBe('RECORDCLOSE');
    // Its access-log row stays, unlinked from the number (decision 095); a report not due keeps its link.
    expect(await t.app.piiAccessAnonymiser.findByPhone(cid, old.customer.phone)).toEqual([]);
    expect((await t.database.db.select().from(piiAccessLog).where(eq(piiAccessLog.recordId, old.report.id))).map((r) => r.phoneKey)).toEqual(['unlinked']);
    expect(await t.app.piiAccessAnonymiser.findByPhone(cid, recent.customer.phone)).toHaveLength(1);
    expect(await t.database.db.select().from(recordImage).where(eq(recordImage.recordId, old.report.id))).toEqual([]);
    expect(await stored(old.image)).toBe(false);
    // Its customer: every report anonymised and quiet for 24 months, so anonymised and out of the book.
    const oc = await customerOf(old.customer.id);
    expect(oc.name).toBe(anonymousName({ customerId: old.customer.id }));
    expect(oc.anonymisedAt).not.toBeNull();
    expect(oc.deletedAt).not.toBeNull();
    expect(await stored(old.proof)).toBe(false);

    // 18 months: pictures only. The report's proof is also its customer's (kept in the book): the file stays.
    const m = await reportOf(middle.report.id);
    expect(m.customerName).toBe(middle.customer.name);
    expect(m.customerPhone).toBe(middle.customer.phone);
    expect(m.customerPics).toEqual([]);
    expect(m.picturesRemovedAt).not.toBeNull();
    expect(m.anonymisedAt).toBeNull();
    expect(await stored(middle.image)).toBe(false);
    expect(await stored(middle.proof)).toBe(true);
    expect((await customerOf(middle.customer.id)).anonymisedAt).toBeNull();

    // 3 months closed, and an open one of 40 months: untouched.
    for (const id of [recent.report.id, open.id]) {
      const r = await reportOf(id);
      expect([r.picturesRemovedAt, r.anonymisedAt]).toEqual([null, null]);
    }
    expect(await stored(recent.image)).toBe(true);
    expect((await reportOf(recent.report.id)).customerPics).toEqual([recent.proof]);

    // Exactly the due ones, across both companies (the other keeps 48 months).
    const cutoff = monthsBefore(now, 24);
    const wrong = await queryRows<{ id: number }>(
      t.database.db,
      sql`select r.id from record r join company c on c.id = r.company_id
        where (r.anonymised_at is not null) <> (r.status in ('RECORDCLOSE', 'MAKEBARGAINCLOSE') and coalesce(r.operate_at, r.created_at) < ${cutoff.toISOString()}::timestamptz and c.id = ${cid})`,
    );
    expect(wrong).toEqual([]);
    expect(CLOSED_STATUSES).toEqual(['RECORDCLOSE', 'MAKEBARGAINCLOSE']);

    // The statistics: the kept counts as before, and as a fresh count of the tables.
    const [keptAfter, freshAfter] = [await keptStatistics(t, cid), await freshStatistics(t, cid)];
    expect(keptAfter).toEqual(keptBefore);
    expect(freshAfter).toEqual(freshBefore);
    expect(keptAfter.companyTally).toEqual(freshAfter.byStatus);
    expect(await keptStatistics(t, cid, { rebuild: true })).toEqual({ ...keptBefore, tallyRows: expect.any(Number) });

    // One audit row per batch, by the system, with its counts.
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, cid), eq(auditLog.action, 'privacy.retention')));
    expect(audits.length).toBe(result.batches);
    expect(audits.every((a) => a.actorId === null)).toBe(true);
    expect(audits.reduce((n, a) => n + Number(a.detail.reports ?? 0), 0)).toBe(result.counts.reports);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => [
      await t.database.db.select().from(record).orderBy(record.id),
      await t.database.db.select().from(customer).orderBy(customer.id),
      await t.database.db.select().from(upload).orderBy(upload.id),
    ];
    const before = await snapshot();
    const again = await run();
    expect(again.counts).toEqual({ reports: 0, customers: 0, messages: 0, pictures: 0 });
    expect(again.batches).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('loses nothing when a batch is killed before its commit: it rolls back whole and the next run completes it', async () => {
    const due = [await closedReport(26), await closedReport(27), await closedReport(28)];
    const ids = due.map((d) => d.report.id);
    const statsBefore = await keptStatistics(t, cid);
    let batches = 0;
    await expect(
      run({
        batchSize: 2,
        onBatch: (stage) => {
          if (stage === 'reports' && ++batches === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const marked = await t.database.db.select({ id: record.id, at: record.anonymisedAt, name: record.customerName }).from(record).where(inArray(record.id, ids)).orderBy(record.id);
    // The first batch (the two oldest) committed; the killed one is as it was, name and all.
    expect(marked.filter((m) => m.at !== null).map((m) => m.id)).toEqual([due[2]!.report.id, due[1]!.report.id].sort((a, b) => a - b));
    expect(marked.find((m) => m.id === due[0]!.report.id)).toMatchObject({ at: null, name: due[0]!.customer.name });
    const done = await run();
    expect(done.finished).toBe(true);
    const after = await t.database.db.select({ at: record.anonymisedAt, pics: record.customerPics }).from(record).where(inArray(record.id, ids));
    expect(after.every((r) => r.at !== null && r.pics.length === 0)).toBe(true);
    expect(await t.database.db.select().from(upload).where(inArray(upload.storageKey, due.flatMap((d) => [uploadKeyOf(d.image)!, uploadKeyOf(d.proof)!])))).toEqual([]);
    expect(await keptStatistics(t, cid)).toEqual(statsBefore);
  });
});
