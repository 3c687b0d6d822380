import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { RECORD_STATUSES, SETTLED_STATUSES, type RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditorOpenReport, house, record, recordApproval, user } from '../../db/schema';
import { reportSubmitPayload } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * docs/decisions/030: the submit picks the auditor from counts kept by triggers on `record`
 * (migration 0010). The counts must equal a fresh count after every kind of write, and the
 * pick must go by open reports of each auditor (the old correlated count compared
 * record.auditor_id with record.id).
 */
let t: TestApp;
let dataDir: string;
let cid: number;
let houseId: number;
let passwordHash: string;
const tokens = new Map<string, string>();
const BROKERS = ['13800000003', '13800000008', '13800000021', '13800000022', '13800000024'];
const ADMIN = '13800000007';

async function tokenOf(phone: string) {
  if (!tokens.has(phone)) tokens.set(phone, await t.login(phone));
  return tokens.get(phone)!;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-open-count-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  cid = await t.companyIdOf(HOSTS.localhost);
  const [h] = await t.database.db
    .select({ id: house.id })
    .from(house)
    .where(and(eq(house.companyId, cid), eq(house.active, true)))
    .orderBy(asc(house.id))
    .limit(1);
  // Full phones, no ID documents, reportable, a short lead time: every submit below is valid.
  await t.database.db.update(house).set({ ruleTel: 'FULL', isNeedIdCard: false, sellingStatus: 'SELLING', reportLeadTime: 30, reportProtectHours: 72 }).where(eq(house.id, h!.id));
  houseId = h!.id;
  const [someone] = await t.database.db.select({ hash: user.passwordHash }).from(user).where(eq(user.companyId, cid)).limit(1);
  passwordHash = someone!.hash;
  for (const phone of [...BROKERS, ADMIN]) await tokenOf(phone);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every auditor's kept count and a fresh count of their open reports (zeros left out). */
async function counts() {
  const kept = await t.database.db.select({ id: auditorOpenReport.auditorId, n: auditorOpenReport.openCount }).from(auditorOpenReport);
  const fresh = await queryRows<{ id: number; n: number }>(
    t.database.db,
    // Open by the shared status table (SETTLED_STATUSES), not by the triggers' own literal list.
    sql`select auditor_id as id, count(*)::int as n from record
        where auditor_id is not null and ${notInArray(record.status, [...SETTLED_STATUSES])}
        group by auditor_id`,
  );
  const asMap = (rows: { id: number; n: number }[]) => new Map(rows.filter((r) => r.n !== 0).map((r) => [r.id, r.n]));
  return { kept: asMap(kept), fresh: asMap(fresh) };
}

async function expectCountsRight() {
  const { kept, fresh } = await counts();
  expect(kept.size).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
  return kept;
}

const openOf = async (auditorId: number) => (await expectCountsRight()).get(auditorId) ?? 0;

let phoneSeq = 0;
/** A mainland phone no seeded report uses (167 is not a seeded prefix). */
const freshPhone = () => `1670000${String(++phoneSeq).padStart(4, '0')}`;

function payload(customers: number) {
  return reportSubmitPayload(
    [houseId],
    Array.from({ length: customers }, (_, i) => ({ name: `计数${i}`, phone: freshPhone() })),
  );
}

async function submit(customers = 1, broker = BROKERS[0]!): Promise<{ status: number; recordIds: number[] }> {
  const res = await t.call({ method: 'POST', url: '/api/record/post-record-data', payload: payload(customers), token: await tokenOf(broker) });
  return { status: res.statusCode, recordIds: res.statusCode === 200 ? (res.json().data.recordIds as number[]) : [] };
}

async function auditorsOf(ids: number[]): Promise<number[]> {
  const rows = await t.database.db.select({ id: record.id, auditorId: record.auditorId }).from(record).where(inArray(record.id, ids)).orderBy(asc(record.id));
  return rows.map((r) => r.auditorId!);
}

let auditorSeq = 0;
/** A new on-duty AUDITOR of the company (ids grow: an earlier one has the lower id). */
async function newAuditor(): Promise<number> {
  const [row] = await t.database.db
    .insert(user)
    .values({ companyId: cid, role: 'AUDITOR', name: `审核${++auditorSeq}`, phone: `1770000${String(auditorSeq).padStart(4, '0')}`, passwordHash, vacation: 0 })
    .returning({ id: user.id });
  return row!.id;
}

/** Only these auditors on duty (the others of the company on vacation). */
async function onDutyOnly(ids: number[]) {
  await t.database.db.update(user).set({ vacation: 1 }).where(and(eq(user.companyId, cid), eq(user.role, 'AUDITOR')));
  if (ids.length) await t.database.db.update(user).set({ vacation: 0 }).where(inArray(user.id, ids));
}

/** A report written straight into the table (a copy of a seeded one), as an import would. */
async function insertDirect(auditorId: number | null, status: RecordStatus): Promise<number> {
  const [template] = await t.database.db.select().from(record).where(eq(record.companyId, cid)).orderBy(asc(record.id)).limit(1);
  const { id: _id, ...rest } = template!;
  const [row] = await t.database.db
    .insert(record)
    .values({ ...rest, auditorId, status, version: 1, submissionId: `open-count-${Math.random()}` })
    .returning({ id: record.id });
  return row!.id;
}

async function audit(id: number, approvalStatus: RecordStatus) {
  const [row] = await t.database.db.select({ version: record.version }).from(record).where(eq(record.id, id));
  const res = await t.call({
    method: 'POST',
    url: '/api/record/submit-record-audit-data',
    token: await tokenOf(ADMIN),
    payload: {
      id,
      approvalStatus,
      version: row!.version,
      reback: false,
      approvalResult: '计数',
      visitTime: approvalStatus === 'VISIT' ? formatShanghaiMinute(new Date(Date.now() - 3_600_000)) : '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('kept open-report counts (decision 030)', () => {
  it('after the demo seed, equal a fresh count per auditor', async () => {
    const kept = await expectCountsRight();
    // The seed gives the on-duty auditor of each company open reports.
    expect([...kept.values()].some((n) => n > 0)).toBe(true);
  });

  it('count a report in every status the shared status table leaves open, and none it calls settled', async () => {
    const auditor = await newAuditor();
    for (const status of RECORD_STATUSES) {
      const before = await openOf(auditor);
      await insertDirect(auditor, status);
      expect(await openOf(auditor), status).toBe(before + (SETTLED_STATUSES.includes(status) ? 0 : 1));
    }
    // Off duty, so the picks below meet only the auditors they set up.
    await t.database.db.update(user).set({ vacation: 1 }).where(eq(user.id, auditor));
  });

  it('a report goes to the auditor with the fewest open reports, not the fewest reports or the lowest id', async () => {
    const a = await newAuditor();
    const b = await newAuditor();
    expect(a).toBeLessThan(b);
    await onDutyOnly([a, b]);
    // A: 3 open and 2 closed reports; B: none open but 4 closed (closed reports do not count).
    for (const s of ['RECORDSTART', 'RECORDSTANDBY', 'MAKEBARGAIN', 'RECORDCLOSE', 'MAKEBARGAINCOMPLETE'] as const) await insertDirect(a, s);
    for (const s of ['RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE', 'RECORDCLOSE'] as const) await insertDirect(b, s);
    expect([await openOf(a), await openOf(b)]).toEqual([3, 0]);

    const first = await submit(1);
    expect(first.status).toBe(200);
    expect(await auditorsOf(first.recordIds)).toEqual([b]);
    // Several reports in one submit spread one by one: B 1→2, B 2→3, then a tie at 3: lowest id.
    const three = await submit(3);
    expect(three.status).toBe(200);
    expect(await auditorsOf(three.recordIds)).toEqual([b, b, a]);
    expect([await openOf(a), await openOf(b)]).toEqual([4, 3]);
  });

  it('with no auditor on duty the first AUDITORADMIN gets the report, and it counts', async () => {
    await onDutyOnly([]);
    const [admin] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.companyId, cid), eq(user.role, 'AUDITORADMIN')))
      .orderBy(asc(user.id))
      .limit(1);
    const before = await openOf(admin!.id);
    const res = await submit(2);
    expect(res.status).toBe(200);
    expect(await auditorsOf(res.recordIds)).toEqual([admin!.id, admin!.id]);
    expect(await openOf(admin!.id)).toBe(before + 2);
  });

  it('follow status changes into and out of the closed statuses, reopening, reassignment and deletion', async () => {
    const a = await newAuditor();
    const b = await newAuditor();
    await onDutyOnly([a, b]);
    const ids = (await submit(4)).recordIds;
    expect(await auditorsOf(ids)).toEqual([a, b, a, b]);
    const [r1, r2, r3, r4] = ids as [number, number, number, number];
    expect([await openOf(a), await openOf(b)]).toEqual([2, 2]);

    // Open to open: no change. Open to closed: one fewer.
    await audit(r1, 'RECORDSTANDBY');
    expect(await openOf(a)).toBe(2);
    await audit(r1, 'RECORDCLOSE');
    expect(await openOf(a)).toBe(1);
    // The deal path: 成交 stays open, 确认成交 and 成交关闭 are closed.
    await audit(r2, 'RECORDCOMPLETE');
    await audit(r2, 'VISIT');
    await audit(r2, 'MAKEBARGAIN');
    expect(await openOf(b)).toBe(2);
    await audit(r2, 'MAKEBARGAINCOMPLETE');
    expect(await openOf(b)).toBe(1);
    await audit(r2, 'MAKEBARGAINCLOSE');
    expect(await openOf(b)).toBe(1);
    // The auditor admin reopens a closed report: it counts again.
    await audit(r1, 'RECORDSTANDBY');
    expect(await openOf(a)).toBe(2);

    // Reassignment (no route does it yet; a console or a fix by hand would): the count moves.
    await t.database.db.update(record).set({ auditorId: b }).where(eq(record.id, r3));
    expect([await openOf(a), await openOf(b)]).toEqual([1, 2]);
    // Two at once, in a single statement, each to the other auditor (A had r1, B had r3).
    await t.database.db.update(record).set({ auditorId: sql`case when ${record.id} = ${r3} then ${a}::int else ${b}::int end` }).where(inArray(record.id, [r1, r3]));
    expect(await auditorsOf([r1, r3])).toEqual([b, a]);
    expect([await openOf(a), await openOf(b)]).toEqual([1, 2]);
    // Reassigning a closed report changes nothing; nobody assigned is nobody's count.
    await t.database.db.update(record).set({ auditorId: a }).where(eq(record.id, r2));
    expect([await openOf(a), await openOf(b)]).toEqual([1, 2]);
    await t.database.db.update(record).set({ auditorId: null }).where(eq(record.id, r4));
    expect([await openOf(a), await openOf(b)]).toEqual([1, 1]);
    // Status and auditor in one write.
    await t.database.db.update(record).set({ auditorId: b, status: 'RECORDCLOSE' }).where(eq(record.id, r3));
    expect([await openOf(a), await openOf(b)]).toEqual([0, 1]);
    await t.database.db.update(record).set({ auditorId: a, status: 'RECORDSTART' }).where(eq(record.id, r3));
    expect([await openOf(a), await openOf(b)]).toEqual([1, 1]);

    // Deletion (no route deletes a report; a clean-up by hand would).
    await t.database.db.delete(recordApproval).where(eq(recordApproval.recordId, r3));
    await t.database.db.delete(record).where(eq(record.id, r3));
    expect([await openOf(a), await openOf(b)]).toEqual([0, 1]);
  });

  it('16 submits at once, each for other customers: all accepted, none lost, counts right and spread evenly', async () => {
    const auditors = [await newAuditor(), await newAuditor(), await newAuditor(), await newAuditor()];
    await onDutyOnly(auditors);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => submit(1, BROKERS[i % BROKERS.length])));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 16 }, () => 200));
    const ids = results.flatMap((r) => r.recordIds);
    expect(new Set(ids).size).toBe(16);
    const given = await auditorsOf(ids);
    expect(given).toHaveLength(16);
    const kept = await expectCountsRight();
    const each = auditors.map((a) => kept.get(a) ?? 0);
    expect(each.reduce((x, y) => x + y, 0)).toBe(16);
    // One at a time this is 4 each; at once a submit may take an auditor one report ahead of
    // one whose count another submit holds (decision 030).
    expect(Math.max(...each) - Math.min(...each)).toBeLessThanOrEqual(2);
  });

  it('16 submits at once with a newcomer twelve reports below the other auditor: all accepted, none lost, counts right, evened out', async () => {
    const [veteran, newcomer] = [await newAuditor(), await newAuditor()];
    await onDutyOnly([veteran, newcomer]);
    for (let i = 0; i < 12; i++) await insertDirect(veteran, 'RECORDSTART');
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => submit(1, BROKERS[i % BROKERS.length])));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 16 }, () => 200));
    const ids = results.flatMap((r) => r.recordIds);
    expect(new Set(ids).size).toBe(16);
    expect(await auditorsOf(ids)).toHaveLength(16);
    const kept = await expectCountsRight();
    const [v, n] = [kept.get(veteran) ?? 0, kept.get(newcomer) ?? 0];
    expect(v + n).toBe(28);
    // One at a time: twelve to the newcomer, then in turn: 14 each. At once, within 2.
    expect(Math.abs(v - n)).toBeLessThanOrEqual(2);
  });
});
