import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditorOpenReport, record, user } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createRecordRepository, type RecordRepository } from './record-repository';

/**
 * Decision 030, the pick under concurrency, step by step on PostgreSQL (PGlite runs one
 * transaction at a time, so nothing there is ever held by another submit): with one auditor on
 * duty the pick locks nothing; with several, a submit skips an auditor whose count another
 * submit holds for one with as few reports, waits when every such count is held, and keeps
 * what it waited for only if it is still within one of the fewest.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let t: TestApp;
let dataDir: string;
let cid: number;
let records: RecordRepository;

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-pick-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  cid = await t.companyIdOf(HOSTS.localhost);
  records = createRecordRepository(t.database.db);
});
afterAll(async () => {
  if (!onPostgres) return;
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let auditorSeq = 0;
/** Fresh on-duty auditors (zero open reports), the only ones on duty in the company. */
async function onlyNewAuditors(n: number): Promise<number[]> {
  await t.database.db.update(user).set({ vacation: 1 }).where(and(eq(user.companyId, cid), eq(user.role, 'AUDITOR')));
  const [someone] = await t.database.db.select({ hash: user.passwordHash }).from(user).where(eq(user.companyId, cid)).limit(1);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await t.database.db
      .insert(user)
      .values({ companyId: cid, role: 'AUDITOR', name: `锁${++auditorSeq}`, phone: `1780000${String(auditorSeq).padStart(4, '0')}`, passwordHash: someone!.hash })
      .returning({ id: user.id });
    ids.push(row!.id);
  }
  return ids;
}

/** An open report for this auditor, inside the given transaction (its insert trigger raises the count). */
async function openReportFor(tx: Executor, auditorId: number) {
  const [template] = await tx.select().from(record).where(eq(record.companyId, cid)).orderBy(asc(record.id)).limit(1);
  const { id: _id, ...rest } = template!;
  await tx.insert(record).values({ ...rest, auditorId, status: 'RECORDSTART', version: 1, submissionId: `pick-${Math.random()}` });
}

/**
 * A submit's transaction stopped after its pick: `picked` settles when the pick returns (it
 * may wait), `finish(n)` adds n open reports for the auditor picked and commits.
 */
function submitHeldAfterPick() {
  let onPicked!: (id: number | null) => void;
  const picked = new Promise<number | null>((resolve) => (onPicked = resolve));
  let finish!: (reports: number) => void;
  const reports = new Promise<number>((resolve) => (finish = resolve));
  const done = t.database.db.transaction(async (tx) => {
    // Any listing of the company: no auditor here has an audit scope (decision 047), so every one covers it.
    const [listing] = await tx.select({ id: record.houseId }).from(record).where(eq(record.companyId, cid)).limit(1);
    const id = await records.pickAuditor(cid, listing!.id, 'wait', tx);
    onPicked(id);
    const n = await reports;
    for (let i = 0; i < n; i++) await openReportFor(tx, id!);
    return id;
  });
  return { picked, finish, done };
}

/** What the promise gave within `ms`, or 'pending'. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
}

/** Whether another transaction can lock this auditor's count row right now. */
async function lockNowait(auditorId: number): Promise<boolean> {
  try {
    await t.database.db.transaction((tx) =>
      tx.select({ id: auditorOpenReport.auditorId }).from(auditorOpenReport).where(eq(auditorOpenReport.auditorId, auditorId)).for('update', { noWait: true }),
    );
    return true;
  } catch {
    return false;
  }
}

/** Asks until true, for up to 10 s (a loaded machine may take a while to let go). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function countsOf(ids: number[]) {
  const rows = await t.database.db.select().from(auditorOpenReport).where(inArray(auditorOpenReport.auditorId, ids));
  return ids.map((id) => rows.find((r) => r.auditorId === id)?.openCount);
}

/**
 * Two new auditors A and B (no reports) and three submits held after their pick: the first
 * takes A; the second does not wait for A's held count, B having as few reports; with both
 * held, the third waits.
 */
async function threeSubmitsOnTwoAuditors() {
  const [a, b] = (await onlyNewAuditors(2)) as [number, number];
  expect(await countsOf([a, b])).toEqual([0, 0]);
  const first = submitHeldAfterPick();
  expect(await first.picked).toBe(a);
  const second = submitHeldAfterPick();
  expect(await within(second.picked, 10_000)).toBe(b);
  const third = submitHeldAfterPick();
  expect(await within(third.picked, 300)).toBe('pending');
  return { a, b, first, second, third };
}

describe.runIf(onPostgres)('the auditor pick under concurrency (decision 030)', () => {
  it('with one auditor on duty, the pick locks nothing: concurrent submits wait only at the insert', async () => {
    const [a] = (await onlyNewAuditors(1)) as [number];
    const first = submitHeldAfterPick();
    expect(await first.picked).toBe(a);
    const second = submitHeldAfterPick();
    expect(await within(second.picked, 10_000)).toBe(a);
    expect(await lockNowait(a)).toBe(true);
    first.finish(1);
    second.finish(1);
    await Promise.all([first.done, second.done]);
    expect(await countsOf([a])).toEqual([2]);
  });

  it('skips a held count for one as low, waits when all are held, then takes the fewest', async () => {
    const { a, b, first, second, third } = await threeSubmitsOnTwoAuditors();
    // The first submit adds one report to A and commits: A 1, B 0 but held (about to be 1):
    // A is within one of the fewest, so the third keeps A (one at a time: A, B, then A by id).
    first.finish(1);
    expect(await first.done).toBe(a);
    expect(await within(third.picked, 10_000)).toBe(a);
    second.finish(1);
    third.finish(1);
    await Promise.all([second.done, third.done]);
    expect(await countsOf([a, b])).toEqual([2, 1]);
  });

  it('lets go of a count it waited for when that auditor got far ahead meanwhile', async () => {
    const { a, b, first, second, third } = await threeSubmitsOnTwoAuditors();
    // The first submit gives A three reports: A 3, B 0 (held). The third lets A go and waits for B.
    first.finish(3);
    await first.done;
    expect(await within(third.picked, 300)).toBe('pending');
    // A is free meanwhile (the waiting submit did not keep it): another transaction locks it at once.
    expect(await eventually(() => lockNowait(a))).toBe(true);
    second.finish(1);
    await second.done;
    // B 1, A 3: the third takes B.
    expect(await within(third.picked, 10_000)).toBe(b);
    third.finish(1);
    await third.done;
    expect(await countsOf([a, b])).toEqual([3, 2]);
  });
});

/**
 * A report of a submit that found every count near the fewest held, inserted by
 * insertReportWaitingForAuditor in its own transaction (`auditorOf` settles with the auditor it
 * went to).
 */
function reportWaitingForAuditor() {
  return t.database.db.transaction(async (tx) => {
    const [template] = await tx.select().from(record).where(eq(record.companyId, cid)).orderBy(asc(record.id)).limit(1);
    const values = { ...template!, status: 'RECORDSTART' as const, version: 1, submissionId: `waiting-${Math.random()}` };
    const id = await records.insertReportWaitingForAuditor(cid, values, { id: template!.reporterId, name: '等', phone: '13800000003' }, tx);
    const [row] = await tx.select({ auditorId: record.auditorId }).from(record).where(eq(record.id, id!));
    return row!.auditorId;
  });
}

/** A: new, nothing open; B: five open. A's count held by a transaction that has just added one report for A. */
async function newcomerHeld() {
  const [a, b] = (await onlyNewAuditors(2)) as [number, number];
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < 5; i++) await openReportFor(tx, b);
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let finish!: (reports: number) => void;
  const more = new Promise<number>((resolve) => (finish = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await openReportFor(tx, a);
    held();
    const n = await more;
    for (let i = 0; i < n; i++) await openReportFor(tx, a);
  });
  await holding;
  return { a, b, finish, holder };
}

describe.runIf(onPostgres)('the report insert waiting for an auditor far below the others (decision 030, third pass)', () => {
  it('waits in the insert for the newcomer’s held count and keeps it when still within one of the fewest', async () => {
    const { a, b, finish, holder } = await newcomerHeld();
    const waiting = reportWaitingForAuditor();
    expect(await within(waiting, 300)).toBe('pending');
    finish(0);
    await holder;
    expect(await within(waiting, 10_000)).toBe(a);
    expect(await countsOf([a, b])).toEqual([2, 5]);
  });

  it('lets go of the newcomer’s count when it got too far ahead meanwhile, and takes the fewest', async () => {
    const { a, b, finish, holder } = await newcomerHeld();
    const waiting = reportWaitingForAuditor();
    expect(await within(waiting, 300)).toBe('pending');
    // A ends at 7 open, more than one above B's 5: the report goes to B.
    finish(6);
    await holder;
    expect(await within(waiting, 10_000)).toBe(b);
    expect(await countsOf([a, b])).toEqual([7, 6]);
  });
});
