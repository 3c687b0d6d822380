import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { queryRows, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { house, user } from '../db/schema';
import { createMessageRepository } from '../modules/message/message-repository';
import { createMessageDelivery } from '../modules/message/message-delivery';
import { deliveryJob } from '../modules/message/message-jobs';
import { protectionJob } from '../modules/record/record-jobs';
import { createRecordProtectionService, EXPIRE_BATCH } from '../modules/record/record-protection-service';
import { DEMO_ACCOUNTS } from '../test/accounts';
import { activeListings } from '../test/records';
import { createTestApp, HOSTS, type TestApp } from '../test/test-app';
import { openSecondInstance, testDatabaseKind } from '../test/test-database';
import { jobFailureRetention } from './housekeeping';
import { createJobFailureRepository } from './job-failure-repository';
import { housekeepingJob, JOB_NAMES } from './jobs';

/**
 * Periodic jobs cannot pile up (issue 26, item 13; docs/decisions/063), with a controllable clock
 * on the app's own tables: a backlog of 10,000 due reports (waiting ones past protect_until,
 * visits past their viewing protection) is expired in bounded batches, each an index range scan,
 * each report once; two runs started together never both run; a run with a small budget leaves
 * the rest to the next.
 */
const HOUR = 3_600_000;
const WAITING_DUE = 8_000;
const VISITS_DUE = 2_000;
const log = pino({ level: 'silent' });
let t: TestApp;
let companyId = 0;
/**
 * The jobs' clock: a fixed minute, so what is due does not move while the test runs; 30 days
 * before anything the demo data holds, so that only the backlog is due.
 */
let clock = new Date();

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
const describePlan = (node: PlanNode, depth = 0): string =>
  [`${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`, ...(node.Plans ?? []).map((c) => describePlan(c, depth + 1))].join('\n');

/**
 * `count` reports of the broker on one listing, in one statement: `due` gives each its protection
 * end (a waiting report's protect_until, or a visit's visit time), spread over days so that the
 * order of the index matters.
 */
async function insertReports(count: number, kind: 'waiting' | 'visit', at: (g: string) => string, tag: string): Promise<void> {
  const [broker] = await t.database.db.select().from(user).where(eq(user.phone, DEMO_ACCOUNTS.broker));
  const [listing] = await activeListings(t, companyId, 1);
  const time = sql.raw(`(${at('g')})`);
  await t.database.db.execute(sql`
    insert into record (company_id, house_id, customer_name, customer_phone, customer_phone_masked, reporter_id, distributor_id,
      shop_manager_id, estimated_visit_time, status, visit_time, protect_until, submission_id, created_at)
    select ${companyId}, ${listing!.id}, '积压' || g, p, left(p, 3) || '****' || right(p, 4), ${broker!.id}, ${broker!.distributorId},
      ${broker!.managerId}, ${time} - interval '1 hour',
      ${kind === 'visit' ? 'VISIT' : 'RECORDSTANDBY'}, ${kind === 'visit' ? time : null}::timestamptz,
      ${kind === 'visit' ? sql`${time} - interval '1 hour'` : time}, ${`backlog-${tag}-`} || g, ${time} - interval '100 hours'
    from generate_series(1, ${count}::int) g, lateral (select '166' || lpad((g + ${tag === 'later' ? 50_000 : tag === 'visit' ? 20_000 : 0})::text, 8, '0') as p) phone`);
}

/** The backlog's reports whose protection ended, how many history and audit rows each has. */
async function expiryCounts(): Promise<{ expired: number; notOnce: number; wrongTime: number }> {
  const [row] = await queryRows<{ expired: number; notOnce: number; wrongTime: number }>(
    t.database.db,
    sql`with backlog as (
        select id, status, visit_time, protect_until, protection_expired_at from record
        where submission_id like 'backlog-%' and protection_expired_at is not null
      ),
      h as (select record_id, count(*) as n from record_approval where record_id in (select id from backlog)
        and approval_result in (${messages.recordServer.protectionExpired}, ${messages.recordServer.viewingProtectionExpired}) group by record_id),
      a as (select entity_id, count(*) as n from audit_log where entity = 'record' and action = 'record.protection-expired'
        and entity_id in (select id from backlog) group by entity_id)
      select count(*)::int as expired,
        count(*) filter (where h.n is distinct from 1 or a.n is distinct from 1)::int as "notOnce",
        count(*) filter (where r.protection_expired_at <> case when r.status = 'VISIT' then r.visit_time + 240 * interval '1 hour' else r.protect_until end)::int as "wrongTime"
      from backlog r left join h on h.record_id = r.id left join a on a.entity_id = r.id`,
  );
  return row!;
}

/** The three periodic jobs as their modules define them, on `database`'s lock, with the test's clock. */
function periodicOn(database: Database, budgets: { protectionExpiry?: number } = {}) {
  const protection = createRecordProtectionService({ db: database.db, log, now: () => clock });
  const warnings: number[] = [];
  const messageRepository = createMessageRepository(database.db);
  const failures = createJobFailureRepository(database.db);
  const alone = { runAlone: database.runAlone, log };
  const periodic = {
    ...protectionJob(protection, async (recordId) => warnings.push(recordId), {
      ...alone,
      ...(budgets.protectionExpiry === undefined ? {} : { budgetMs: budgets.protectionExpiry }),
    }),
    ...deliveryJob(createMessageDelivery({ messages: messageRepository, sms: { send: async () => undefined } as never, wechat: null, wechatTemplates: {}, now: () => clock }), {
      ...alone,
      failures,
    }),
    ...housekeepingJob([jobFailureRetention(failures)], { ...alone, now: () => clock }),
  };
  return { periodic, protection, warnings };
}

beforeAll(async () => {
  t = await createTestApp();
  companyId = await t.companyIdOf(HOSTS.localhost);
  const [listing] = await activeListings(t, companyId, 1);
  await t.database.db.update(house).set({ reportProtectHours: 72, takeLookProtectHours: 240 }).where(eq(house.id, listing!.id));
  const [first] = await queryRows<{ at: string }>(
    t.database.db,
    sql`select min(least(protect_until, coalesce(visit_time, protect_until), created_at))::text as at from record`,
  );
  clock = new Date(new Date(first!.at).getTime() - 30 * 24 * HOUR);
  clock.setUTCSeconds(0, 0);
  const base = `'${clock.toISOString()}'::timestamptz`;
  // Due: waiting reports whose protect_until passed (one a minute, back over 5.5 days), and
  // visits whose 240 hours of viewing protection ended. Not due: ends still ahead.
  await insertReports(WAITING_DUE, 'waiting', (g) => `${base} - ${g} * interval '1 minute'`, 'due');
  await insertReports(VISITS_DUE, 'visit', (g) => `${base} - interval '240 hours' - ${g} * interval '3 minutes'`, 'visit');
  await insertReports(100, 'waiting', (g) => `${base} + ${g} * interval '1 minute'`, 'later');
  await t.database.db.execute(sql`vacuum analyze record`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('periodic jobs (docs/decisions/063)', () => {
  it('takes a batch of each lane as an index range scan from its cursor, never a sort of the due set', async () => {
    const captured: { sql: string; params: unknown[] }[] = [];
    const client = (t.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    const logger = { logQuery: (text: string, params: unknown[]) => void captured.push({ sql: text, params }) };
    const logged = (t.database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
    const query = (client as unknown as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }).query.bind(client);

    // A budget of 0: one batch per lane, then the rest is the next run's.
    const protection = createRecordProtectionService({ db: t.database.db, log, now: () => clock });
    const run = await protection.runExpiry({ db: logged, budgetMs: 0 });
    expect(run).toMatchObject({ expired: 2 * EXPIRE_BATCH, batches: 2, largestBatch: EXPIRE_BATCH, finished: false });
    expect((await expiryCounts()).expired).toBe(2 * EXPIRE_BATCH);

    // The next batch of each lane (its cursor past the first), as the run would send it.
    const second = await protection.runExpiry({ db: logged, budgetMs: 0 });
    expect(second.expired).toBe(2 * EXPIRE_BATCH);
    expect(captured).toHaveLength(4);
    const lanes = [
      ['record_report_protection_due_idx', captured[2]!],
      ['record_viewing_protection_due_idx', captured[3]!],
    ] as const;
    for (const [index, q] of lanes) {
      const result = await query(`explain (format json) ${q.sql}`, q.params);
      const cell = Object.values(result.rows[0]!)[0];
      const plan = ((typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[])[0]!.Plan;
      const text = describePlan(plan);
      // The batch's read (the CTE `scanned`): a limit over a scan of the lane's index from the
      // cursor; no sort, and never the whole record table.
      const scanned = nodes(plan).find((n) => n['Subplan Name'] === 'CTE scanned');
      expect(scanned, text).toBeDefined();
      const batch = nodes(scanned!);
      expect(scanned!['Node Type'], text).toBe('Limit');
      const scan = scanned!.Plans?.find((n) => n['Index Name'] === index);
      expect(['Index Scan', 'Index Only Scan'], text).toContain(scan?.['Node Type']);
      expect(batch.filter((n) => n['Node Type'].includes('Sort')), text).toEqual([]);
      expect(nodes(plan).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'record'), text).toEqual([]);
    }
  }, 60_000);

  it('a run with a small time budget leaves the rest for the next run', async () => {
    const before = (await expiryCounts()).expired;
    const { periodic } = periodicOn(t.database, { protectionExpiry: 0 });
    const first = await periodic.protectionExpiry();
    expect(first).toMatchObject({ ran: true, value: { expiry: { expired: 2 * EXPIRE_BATCH, finished: false } } });
    expect((await expiryCounts()).expired).toBe(before + 2 * EXPIRE_BATCH);
    const next = await periodic.protectionExpiry();
    expect(next).toMatchObject({ ran: true, value: { expiry: { expired: 2 * EXPIRE_BATCH, finished: false } } });
    expect((await expiryCounts()).expired).toBe(before + 4 * EXPIRE_BATCH);
  }, 60_000);

  it('lets the server take its requests between batches (PGlite answers a statement without a turn of the event loop)', async () => {
    const protection = createRecordProtectionService({ db: t.database.db, log, now: () => clock });
    // A request's work, as the event loop would give it a turn: counted while the run goes on.
    let turns = 0;
    let going = true;
    const turn = () => {
      turns += 1;
      if (going) setImmediate(turn);
    };
    setImmediate(turn);
    const seen: number[] = [];
    const enough = new Error('four batches');
    try {
      await protection.runExpiry({
        db: t.database.db,
        batchSize: 3,
        onBatch: () => {
          seen.push(turns);
          if (seen.length === 4) throw enough;
        },
      });
    } catch (error) {
      if (error !== enough) throw error;
    } finally {
      going = false;
    }
    // Two lanes per round: the event loop turned between the first round and the second.
    expect(seen).toHaveLength(4);
    expect(seen[2]!).toBeGreaterThan(seen[1]!);
  });

  it('two runs started together: one expires the whole backlog in bounded batches, each report once; the other does nothing', async () => {
    const before = (await expiryCounts()).expired;
    const mine = periodicOn(t.database);
    // On PostgreSQL also a second instance (its own pool): the advisory lock is the database's.
    const other = testDatabaseKind() === 'postgres' ? openSecondInstance(t.database) : null;
    try {
      const runs = [mine.periodic.protectionExpiry(), mine.periodic.protectionExpiry()];
      if (other) runs.push(periodicOn(other).periodic.protectionExpiry());
      const results = await Promise.all(runs);
      const ran = results.filter((r) => r.ran);
      expect(ran, JSON.stringify(results)).toHaveLength(1);
      const { expiry } = (ran[0] as { value: { expiry: { expired: number; largestBatch: number; batches: number; finished: boolean } } }).value;
      expect(expiry.finished).toBe(true);
      expect(expiry.expired).toBe(WAITING_DUE + VISITS_DUE - before);
      expect(expiry.largestBatch).toBeLessThanOrEqual(EXPIRE_BATCH);
      expect(expiry.batches).toBeGreaterThanOrEqual(Math.ceil((WAITING_DUE + VISITS_DUE - before) / EXPIRE_BATCH));
    } finally {
      await other?.close();
    }
    // Every due report once, at its due time, with one history row and one audit row; the rest untouched.
    expect(await expiryCounts()).toEqual({ expired: WAITING_DUE + VISITS_DUE, notOnce: 0, wrongTime: 0 });
    const [later] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from record where submission_id like 'backlog-later-%' and protection_expired_at is null`,
    );
    expect(later!.n).toBe(100);

    // The lock is free again: the next minute's run runs, and finds nothing due (the empty tick).
    const started = performance.now();
    const empty = await mine.periodic.protectionExpiry();
    const ms = performance.now() - started;
    expect(empty).toMatchObject({ ran: true, value: { expiry: { expired: 0, batches: 2, finished: true } } });
    expect(ms).toBeLessThan(1_000);
    expect(await expiryCounts()).toEqual({ expired: WAITING_DUE + VISITS_DUE, notOnce: 0, wrongTime: 0 });
  }, 120_000);

  it('the warnings that came due are queued by the same run, in order of their end', async () => {
    // 24 hours ahead (the company's default): the first 100 minutes of the reports ending later.
    const { periodic, warnings } = periodicOn(t.database);
    const run = await periodic.protectionExpiry();
    expect(run).toMatchObject({ ran: true, value: { warnings: 100 } });
    const ids = await queryRows<{ id: number }>(t.database.db, sql`select id from record where submission_id like 'backlog-later-%' order by protect_until, id`);
    expect(warnings).toEqual(ids.map((r) => r.id));
  });

  it('every periodic job waits for none: while its run is under way anywhere, another answers at once and does nothing', async () => {
    const { periodic } = periodicOn(t.database);
    const other = testDatabaseKind() === 'postgres' ? openSecondInstance(t.database) : null;
    try {
      for (const [name, start] of [
        [JOB_NAMES.protectionExpiry, () => periodic.protectionExpiry()],
        [JOB_NAMES.messageDelivery, () => periodic.messageDelivery()],
        [JOB_NAMES.housekeeping, () => periodic.housekeeping()],
      ] as const) {
        // A run of the job holds its lock (on PostgreSQL another instance's).
        const holder = other ?? t.database;
        const held = await holder.runAlone(name, async () => {
          const meanwhile = await start();
          return meanwhile.ran;
        });
        expect(held, name).toEqual({ ran: true, value: false });
        expect((await start()).ran, name).toBe(true);
      }
    } finally {
      await other?.close();
    }
  });
});
