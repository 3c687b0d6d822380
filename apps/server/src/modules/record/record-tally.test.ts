import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { customRange, presetRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { recordScope, type Viewer } from '../../access/scopes';
import { queryRows } from '../../db/client';
import { record, recordDayTally, recordTally, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRecordTrackingRepository, type RecordFilters } from './record-tracking-repository';

/**
 * docs/decisions/041: the tabs of an unfiltered report list are read from record_tally (kept by
 * triggers on `record`, migration 0014). For every account of the demo data and both lists, the
 * kept numbers must equal a count of the scope's reports, after every kind of write and after
 * the reader's fold.
 */
let t: TestApp;
let viewers: Viewer[];
const NO_FILTERS: RecordFilters = { keyword: '', range: null, reporterId: 0 };

beforeAll(async () => {
  t = await createTestApp();
  viewers = await t.database.db
    .select({ id: user.id, companyId: user.companyId, role: user.role, distributorId: user.distributorId, distributorControl: user.distributorControl })
    .from(user)
    .orderBy(asc(user.id));
});
afterAll(async () => {
  await t.close();
});

/**
 * The date ranges compared besides none (migration 0020 keeps whole days of the dense scopes):
 * today, 近3个月, 近半年, a 自选时间 over the demo data's years, and one whose bounds fall inside
 * a day (read from the reports, not the day tally).
 */
function ranges(): { name: string; range: { start: Date; end: Date } }[] {
  const now = new Date();
  return [
    { name: 'today', range: presetRange(1, now)! },
    { name: '近3个月', range: presetRange(6, now)! },
    { name: '近半年', range: presetRange(7, now)! },
    { name: '自选', range: customRange('2020-01-01', shanghaiDay(now))! },
    { name: 'mid-day', range: { start: new Date(now.getTime() - 400 * 24 * 3600_000 + 3_600_000), end: new Date(now.getTime() + 3_600_000) } },
  ];
}

/** Every viewer's kept numbers and a count of their scope, per list and date range; only lists with reports. */
async function compareAll() {
  const tracking = createRecordTrackingRepository(t.database.db);
  const kept: Record<string, Record<string, number>> = {};
  const fresh: Record<string, Record<string, number>> = {};
  for (const viewer of viewers) {
    for (const kind of ['own', 'company'] as const) {
      for (const { name, range } of [{ name: 'all', range: null }, ...ranges()]) {
        const key = `${viewer.id} ${viewer.role} ${kind} ${name}`;
        const rows = await t.database.db
          .select({ status: record.status, n: count() })
          .from(record)
          .where(and(recordScope(viewer, kind), range ? and(gte(record.createdAt, range.start), lt(record.createdAt, range.end)) : undefined))
          .groupBy(record.status);
        fresh[key] = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]).sort());
        kept[key] = Object.fromEntries([...(await tracking.countByStatus(viewer, kind, { ...NO_FILTERS, range }))].sort());
      }
    }
  }
  return { kept, fresh };
}

const tallyRows = async (companyId: number, scope: string, scopeId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(recordTally)
      .where(and(eq(recordTally.companyId, companyId), eq(recordTally.scope, scope as never), eq(recordTally.scopeId, scopeId)))
  )[0]!.n;

describe('record_tally (migration 0014)', () => {
  it('answers every viewer the count of their scope for the demo data', async () => {
    const { kept, fresh } = await compareAll();
    expect(kept).toEqual(fresh);
    // Something is compared: the demo data has reports in several scopes, of every role that lists them.
    const withReports = Object.entries(fresh).filter(([, c]) => Object.keys(c).length > 0).map(([k]) => k.split(' ').slice(1, 3).join(' '));
    // The ranges select something too: some ranged lists have reports and differ from the whole list.
    const ranged = Object.entries(fresh).filter(([k, c]) => k.endsWith(' 近半年') && Object.keys(c).length > 0);
    expect(ranged.length).toBeGreaterThan(0);
    for (const role of ['YUEWUYUAN own', 'DIANZHANG company', 'CHANNEL own', 'CHANNELJINGLI own', 'AUDITOR own', 'AUDITORADMIN own']) {
      expect(withReports).toContain(role);
    }
  });

  it('stays equal through inserts, status changes, reassignments and deletes, and folds a key that piled up', async () => {
    const db = t.database.db;
    const [model] = await db.select().from(record).where(sql`${record.reporterId} is not null and ${record.auditorId} is not null and ${record.shopManagerId} is not null`).orderBy(asc(record.id)).limit(1);
    const { id: _id, ...base } = model!;
    const added: number[] = [];
    for (let i = 0; i < 70; i++) {
      const [row] = await db
        .insert(record)
        .values({ ...base, submissionId: `tally-${i}`, status: 'RECORDSTART', customerPhone: `1990000${String(i).padStart(4, '0')}` })
        .returning({ id: record.id });
      added.push(row!.id);
    }
    const statuses: RecordStatus[] = ['RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT', 'RECORDCLOSE'];
    for (const [i, id] of added.slice(0, 20).entries()) {
      await db.update(record).set({ status: statuses[i % statuses.length]!, version: sql`${record.version} + 1` }).where(eq(record.id, id));
    }
    // Columns the tally does not count: no rows added.
    const before = await tallyRows(base.companyId, 'reporter', base.reporterId);
    await db.update(record).set({ remark: 'x', version: sql`${record.version} + 1` }).where(inArray(record.id, added.slice(0, 5)));
    expect(await tallyRows(base.companyId, 'reporter', base.reporterId)).toBe(before);
    // Reassigned to another auditor and another distributor's shop manager; moved to another reporter.
    const [otherAuditor] = await db.select({ id: user.id }).from(user).where(and(eq(user.companyId, base.companyId), eq(user.role, 'AUDITOR'), sql`${user.id} <> ${base.auditorId}`)).limit(1);
    if (otherAuditor) await db.update(record).set({ auditorId: otherAuditor.id }).where(inArray(record.id, added.slice(20, 25)));
    const [otherReporter] = await db.select({ id: user.id, distributorId: user.distributorId }).from(user).where(and(eq(user.companyId, base.companyId), eq(user.role, 'YUEWUYUAN'), sql`${user.id} <> ${base.reporterId}`)).limit(1);
    await db.update(record).set({ reporterId: otherReporter!.id, distributorId: otherReporter!.distributorId, shopManagerId: null }).where(inArray(record.id, added.slice(25, 30)));
    await db.delete(record).where(inArray(record.id, added.slice(30, 35)));
    expect(await tallyRows(base.companyId, 'company', 0)).toBeGreaterThan(64);

    const { kept, fresh } = await compareAll();
    expect(kept).toEqual(fresh);
    // The reads folded the keys past 64 rows: one row per status left.
    const folded = await queryRows<{ n: number }>(db, sql`select count(distinct status)::int as n from record_tally where company_id = ${base.companyId} and scope = 'company'`);
    expect(await tallyRows(base.companyId, 'company', 0)).toBe(folded[0]!.n);
    expect(await tallyRows(base.companyId, 'reporter', base.reporterId)).toBeLessThanOrEqual(10);
    // The day tally of the company key was folded for the days read: one row per day and status.
    const dayRows = await queryRows<{ rows: number; groups: number }>(
      db,
      sql`select count(*)::int as rows, count(distinct (day, status))::int as groups from ${recordDayTally} where company_id = ${base.companyId} and scope = 'company'`,
    );
    expect(dayRows[0]!.rows).toBe(dayRows[0]!.groups);
    // Folding again (two readers at once) changes nothing.
    const again = await compareAll();
    expect(again.kept).toEqual(fresh);
  });

  it('is emptied with the reports by TRUNCATE', async () => {
    await t.database.db.execute(sql`truncate record cascade`);
    expect((await t.database.db.select({ n: count() }).from(recordTally))[0]!.n).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(recordDayTally))[0]!.n).toBe(0);
    const { kept } = await compareAll();
    expect(Object.values(kept).every((c) => Object.keys(c).length === 0)).toBe(true);
  });
});
