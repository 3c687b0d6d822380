/**
 * The periodic jobs over a backlog (issue 26, item 13; docs/decisions/063): part 0 of `npm run bench`
 * (scale.bench.ts runs it on the data it built, before the servers start), or alone:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres tsx apps/server/src/bench/periodic-jobs.bench.ts
 *
 * Alone it builds its own scratch database (BENCH_REPORTS reports, default 1,000,000 on
 * PostgreSQL, 100,000 on PGlite; scale-data.ts) and drops it at the end. On the backlog the build
 * leaves (every waiting report past its 7 days, every visit past its viewing protection) it prints:
 * - the backlog per lane, and one batch of the statement before decision 063 (timed under EXPLAIN
 *   ANALYZE in a transaction rolled back; BENCH_JOBS_BEFORE=0 leaves it out);
 * - the plan of one batch of each lane (EXPLAIN ANALYZE, rolled back): an index range scan;
 * - the expiry job as production runs it (the lock, its budget, one run after another until one
 *   finishes): the database time to clear the backlog (the sum of the batches' statements, as the
 *   client times them on the same machine), the runs and their wall time, per batch p50 / p95 / max;
 * - a tick with nothing due (the job's whole run: both lanes and the warnings), median of 20;
 * - the raw-SQL equivalent through the same driver (the same statements from a plain loop, no
 *   service, no lock) over a sample the bench puts back (BENCH_JOBS_RAW_SAMPLE reports, 20,000),
 *   and its empty tick.
 * Goals: the backlog cleared in ≤ 60 s of database time; an empty tick ≤ 1 s.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { RUN_BUDGET_MS } from '../jobs/jobs';
import { protectionJob } from '../modules/record/record-jobs';
import { expireBatchQuery, type ExpiryCursor, type ExpiryLane } from '../modules/record/record-protection-repository';
import { createRecordProtectionService, EXPIRE_BATCH } from '../modules/record/record-protection-service';
import { print, withPglite, withScratchDatabaseUrl, type Raw } from './bench-support';
import { buildScale } from './scale-data';

const GOALS = { backlogSeconds: 60, emptyTickMs: 1_000 };
const mark = (met: boolean) => (met ? '✓' : '✗');
const log = pino({ level: 'silent' });
const dialect = new PgDialect();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The due reports of each lane, counted as the lanes define them. */
async function backlog(raw: Raw, now: Date): Promise<{ report: number; viewing: number }> {
  const [row] = await raw(
    `select
      count(*) filter (where protection_expired_at is null and protect_until <= $1::timestamptz
        and (status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') or (status = 'VISIT' and visit_time is null)))::int as report,
      count(*) filter (where protection_expired_at is null and status = 'VISIT' and visit_time is not null
        and visit_time + (select take_look_protect_hours from house h where h.id = record.house_id) * interval '1 hour' <= $1::timestamptz)::int as viewing
     from record`,
    [now.toISOString()],
  );
  return { report: Number(row!.report), viewing: Number(row!.viewing) };
}

/** The protection job's statement before decision 063: the whole due set recomputed and sorted, 500 taken. */
const BEFORE_SQL = `with due as (
    select id from record where protection_expired_at is null and status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE') and protect_until <= $1
    union all
    select id from record where protection_expired_at is null and status = 'VISIT' and (case when status = 'VISIT' and visit_time is not null
      then visit_time + (select take_look_protect_hours from house where house.id = record.house_id) * interval '1 hour' else protect_until end) <= $1
  ),
  picked as (
    select r.id, case when r.status = 'VISIT' and r.visit_time is not null
      then r.visit_time + (select h.take_look_protect_hours from house h where h.id = r.house_id) * interval '1 hour' else r.protect_until end as due_at
    from record r where r.id in (select id from due) and r.protection_expired_at is null
      and r.status in ('RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT')
      and (case when r.status = 'VISIT' and r.visit_time is not null
        then r.visit_time + (select h.take_look_protect_hours from house h where h.id = r.house_id) * interval '1 hour' else r.protect_until end) <= $1
    order by due_at, r.id limit 500 for update of r skip locked
  )
  update record r set protection_expired_at = picked.due_at from picked where r.id = picked.id and r.protection_expired_at is null returning r.id`;

/** EXPLAIN ANALYZE of `text` in a transaction rolled back: its plan lines and execution time. */
async function explainRolledBack(raw: Raw, text: string, params: unknown[]): Promise<{ lines: string[]; ms: number }> {
  await raw('begin');
  try {
    const rows = await raw(`explain (analyze, buffers, costs off, timing off) ${text}`, params);
    const lines = rows.map((r) => String(Object.values(r)[0]));
    return { lines, ms: Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? NaN) };
  } finally {
    await raw('rollback');
  }
}

/** The batch's read in a plan (the CTE `scanned`): what shows it is a range scan of the index. */
function batchLines(lines: string[]): string[] {
  const start = lines.findIndex((l) => l.includes('CTE scanned'));
  if (start < 0) return lines.slice(0, 8);
  const indent = lines[start]!.search(/\S/);
  const out = [lines[start]!];
  for (const line of lines.slice(start + 1)) {
    if (line.search(/\S/) <= indent) break;
    if (/->|Index Cond|Filter|Rows Removed/.test(line)) out.push(line);
  }
  return out;
}

/** The raw loop: the lanes' statements in turn from a plain client, each lane until a batch takes fewer than its limit. */
async function rawClear(raw: Raw, now: Date): Promise<{ batches: number[]; expired: number }> {
  const open = new Map<ExpiryLane, ExpiryCursor | null>([
    ['report', null],
    ['viewing', null],
  ]);
  const batches: number[] = [];
  let expired = 0;
  while (open.size > 0) {
    for (const [lane, after] of [...open]) {
      const q = dialect.sqlToQuery(expireBatchQuery(lane, now, EXPIRE_BATCH, after));
      const started = performance.now();
      const rows = await raw(q.sql, q.params);
      batches.push(performance.now() - started);
      const first = rows[0];
      const taken = first ? Number(first.taken) : 0;
      expired += rows.filter((r) => r.id !== null).length;
      if (!first || taken < EXPIRE_BATCH || first.cursorKey === null) open.delete(lane);
      else open.set(lane, { key: String(first.cursorKey), id: Number(first.cursorId) });
    }
  }
  return { batches, expired };
}

/** Part 0 of `npm run bench`: the periodic jobs over the backlog the built data holds. */
export async function benchPeriodicJobs(database: Database, raw: Raw): Promise<void> {
  const now = new Date();
  const due = await backlog(raw, now);
  const total = due.report + due.viewing;
  print(`\n0. Periodic jobs: the protection expiry over the backlog the data holds`);
  print(`   due: ${total.toLocaleString('en-US')} reports (${due.report.toLocaleString('en-US')} at protect_until, ${due.viewing.toLocaleString('en-US')} visits at their viewing protection's end)`);
  print(`   goals: the backlog cleared in ≤ ${GOALS.backlogSeconds} s of database time; a tick with nothing due ≤ ${ms(GOALS.emptyTickMs)}`);

  if (process.env.BENCH_JOBS_BEFORE !== '0' && total > 0) {
    const before = await explainRolledBack(raw, BEFORE_SQL, [now.toISOString()]);
    print(`   before (decision 051's statement, one batch of 500, EXPLAIN ANALYZE rolled back): ${ms(before.ms)}`);
  }
  for (const lane of ['report', 'viewing'] as const) {
    const q = dialect.sqlToQuery(expireBatchQuery(lane, now, EXPIRE_BATCH, null));
    const plan = await explainRolledBack(raw, q.sql, q.params);
    print(`   one batch of the ${lane} lane (EXPLAIN ANALYZE, rolled back): ${ms(plan.ms)}`);
    for (const line of batchLines(plan.lines)) print(`     ${line.trim().startsWith('->') ? line.replace(/^\s+/, (s) => s.slice(0, Math.max(0, s.length - 6))) : line.trim()}`);
  }

  // The job as production runs it: the lock, its budget, one run after another (the minutes) until one finishes.
  const protection = createRecordProtectionService({ db: database.db, log, now: () => now });
  const batches: number[] = [];
  const periodic = protectionJob(protection, async () => undefined, {
    runAlone: database.runAlone,
    log,
    onExpiryBatch: (batch) => batches.push(batch.ms),
  });
  const runs: { ms: number; expired: number; finished: boolean }[] = [];
  for (;;) {
    const started = performance.now();
    const run = await periodic.protectionExpiry();
    if (!run.ran) throw new Error('bench: the protection expiry run did not get its lock');
    runs.push({ ms: performance.now() - started, expired: run.value.expiry.expired, finished: run.value.expiry.finished });
    if (run.value.expiry.finished) break;
  }
  const expired = runs.reduce((sum, r) => sum + r.expired, 0);
  const dbTime = batches.reduce((sum, b) => sum + b, 0);
  print(`   the job (lock, budget ${seconds(RUN_BUDGET_MS.protectionExpiry)} a run, batches of ${EXPIRE_BATCH} per lane):`);
  print(`     expired ${expired.toLocaleString('en-US')} in ${runs.length} run(s) (${runs.map((r) => seconds(r.ms)).join(', ')}), ${batches.length} batches`);
  print(`     database time to clear the backlog: ${seconds(dbTime)}  (goal ≤ ${GOALS.backlogSeconds} s) ${mark(dbTime <= GOALS.backlogSeconds * 1000)}`);
  print(`     per batch: p50 ${ms(percentile(batches, 50))}, p95 ${ms(percentile(batches, 95))}, max ${ms(Math.max(0, ...batches))}`);
  const firstTenth = batches.slice(0, Math.max(1, Math.floor(batches.length / 10)));
  const lastTenth = batches.slice(-Math.max(1, Math.floor(batches.length / 10)));
  print(`     first tenth of the batches p50 ${ms(percentile(firstTenth, 50))}, last tenth p50 ${ms(percentile(lastTenth, 50))} (the report lane ends early: the last batches are all visits)`);

  const ticks: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await periodic.protectionExpiry();
    ticks.push(performance.now() - started);
  }
  const tick = percentile(ticks, 50);
  print(`     a tick with nothing due (the whole run: lock, both lanes, the warnings' query): median ${ms(tick)}, max ${ms(Math.max(...ticks))}  (goal ≤ ${ms(GOALS.emptyTickMs)}) ${mark(tick <= GOALS.emptyTickMs)}`);

  // The raw equivalent over a sample put back: the same statements, from a plain loop on the bench's own client.
  const sample = Number(process.env.BENCH_JOBS_RAW_SAMPLE ?? 20_000);
  if (sample > 0 && expired > 0) {
    const restoreStarted = performance.now();
    await raw(`create temporary table bench_sample as
      select entity_id as id from audit_log where action = 'record.protection-expired' order by id limit $1`, [sample]);
    await raw(`delete from record_approval where record_id in (select id from bench_sample) and approval_result in ($1, $2)`, [
      messages.recordServer.protectionExpired,
      messages.recordServer.viewingProtectionExpired,
    ]);
    await raw(`delete from audit_log where action = 'record.protection-expired' and entity_id in (select id from bench_sample)`);
    await raw(`update record set protection_expired_at = null where id in (select id from bench_sample)`);
    await raw('drop table bench_sample');
    await raw('vacuum analyze record');
    print(`   raw SQL, the same statements from a plain loop on the same driver, over ${sample.toLocaleString('en-US')} reports put back (${seconds(performance.now() - restoreStarted)} to put them back):`);
    const r = await rawClear(raw, now);
    const rawTime = r.batches.reduce((sum, b) => sum + b, 0);
    const jobPerReport = dbTime / Math.max(1, expired);
    print(`     expired ${r.expired.toLocaleString('en-US')} in ${r.batches.length} batches, ${seconds(rawTime)}; per batch p50 ${ms(percentile(r.batches, 50))} (the job's ${ms(percentile(batches, 50))}); per report ${(rawTime / Math.max(1, r.expired)).toFixed(3)} ms (the job's ${jobPerReport.toFixed(3)} ms)`);
    const rawTicks: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await rawClear(raw, now);
      rawTicks.push(performance.now() - started);
    }
    print(`     raw empty tick (both lanes' statements, no lock, no warnings): median ${ms(percentile(rawTicks, 50))}`);
  }
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const scale = (kind: 'postgres' | 'pglite') => ({
    reports: Number(process.env.BENCH_REPORTS ?? (kind === 'postgres' ? 1_000_000 : 100_000)),
    listings: Number(process.env.BENCH_LISTINGS ?? 10_000),
    users: Number(process.env.BENCH_USERS ?? 5_000),
  });
  if (url) {
    await withScratchDatabaseUrl(url, 'baobei_bench_jobs', async (databaseUrl) => {
      const database = openDatabase({ databaseUrl, dataDir: '' });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const raw: Raw = async (text, params) => (await client.query(text, params)).rows;
      try {
        const s = scale('postgres');
        print(`PostgreSQL ${String((await raw('show server_version'))[0]!.server_version)}: building ${s.reports.toLocaleString('en-US')} reports`);
        const started = performance.now();
        await database.migrate();
        await buildScale(database.db, raw, s, print);
        print(`built in ${seconds(performance.now() - started)}`);
        await benchPeriodicJobs(database, raw);
      } finally {
        await client.end();
        await database.close();
      }
    });
    return;
  }
  await withPglite(async (database, raw) => {
    const s = scale('pglite');
    print(`PGlite: building ${s.reports.toLocaleString('en-US')} reports (BENCH_DATABASE_URL for PostgreSQL)`);
    await database.migrate();
    await buildScale(database.db, raw, s, print);
    await benchPeriodicJobs(database, raw);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
