/**
 * Report submits under load (issue 13 item 4, docs/decisions/030). PostgreSQL only: with
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) it creates a scratch database (dropped at the end),
 * migrates it, seeds the demo data, gives the demo company 海口 eight auditors and
 * BENCH_REPORTS reports (default 200,000; spread evenly over the auditors), then for each
 * number of on-duty auditors in BENCH_AUDITORS (default "1,8") runs BENCH_ROUNDS (default 3)
 * rounds of two phases of BENCH_SECONDS (default 10) each, with BENCH_WRITERS (default 16)
 * concurrent writers, each on its own connection:
 * - service: `recordService.submit` as the route calls it (one customer, one listing);
 * - raw: the same transaction's statements sent by hand through pg (the bare loop the service
 *   is compared with): the service's SQL, named as the service's, the same pick and wait,
 *   without drizzle or validation (rawSubmit).
 * BENCH_SUBMIT_BEFORE (a directory with another version's record-service.ts and
 * record-repository.ts) adds a third phase to each round, that version's service, so before
 * and after are measured side by side (serviceBefore).
 * It prints reports/s, errors by message, lost reports (acknowledged but absent), how the
 * reports were spread over the auditors and whether the kept counts (migration 0010) equal a
 * fresh count, then the medians. Numbers only: no target fails the run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/bench/submit.bench.ts
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { maskPhone } from '@baobei/shared/rules/phone';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { isAssignedAuditor, isBroker, shopManagerOfReporter } from '@baobei/shared/rules/access';
import type { RecordSubmitInput } from '@baobei/shared/schemas/record';
import { openDatabase, type Db } from '../db/client';
import * as schema from '../db/schema';
import { company, house, user } from '../db/schema';
import { createRng } from '../db/seed/prng';
import { COMPANIES, seedDemo } from '../db/seed/seed-demo';
import { createRecordRepository } from '../modules/record/record-repository';
import { createReportCustomerWriter } from '../modules/customer/customer-repository';
import { createRecordService, type RecordService } from '../modules/record/record-service';
import { createMessageRepository } from '../modules/message/message-repository';
import { createMessageService } from '../modules/message/message-service';
import { createUploadRepository } from '../modules/upload/upload-repository';
import { pictureCheck } from '../modules/upload/upload-service';
import type { SessionUser } from '../modules/auth/session-repository';
import type { CompanyRow } from '../modules/company/company-repository';
import { print, withScratchDatabaseUrl } from './bench-support';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AUDITOR_SETS = (process.env.BENCH_AUDITORS ?? '1,8').split(',').map(Number);
const AUDITORS = Math.max(...AUDITOR_SETS);
const NOT_OPEN = ['RECORDCLOSE', 'MAKEBARGAINCLOSE', 'MAKEBARGAINCOMPLETE'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface Fixture {
  company: CompanyRow;
  houses: number[];
  reporters: SessionUser[];
  auditors: number[];
  channels: Map<number, number | null>;
}

/** Older reports closed or dealt, recent ones still moving: about 4 % open, as in decision 016. */
function statusAt(ageDays: number, r: number): RecordStatus {
  if (ageDays < 3) return r < 0.45 ? 'RECORDSTART' : r < 0.7 ? 'RECORDSTANDBY' : r < 0.9 ? 'RECORDCOMPLETE' : 'RECORDCLOSE';
  if (ageDays < 30) return r < 0.05 ? 'RECORDSTANDBY' : r < 0.3 ? 'RECORDCOMPLETE' : r < 0.55 ? 'RECORDCLOSE' : r < 0.7 ? 'UNVISIT' : r < 0.9 ? 'VISIT' : 'MAKEBARGAIN';
  return r < 0.55 ? 'RECORDCLOSE' : r < 0.9 ? 'MAKEBARGAINCOMPLETE' : 'MAKEBARGAINCLOSE';
}

/**
 * The submit phases' fixture on a filled database: every listing of the company valid for a
 * submit (full phones, no ID documents, on sale), `extraAuditors` more auditors beside the one
 * on duty, its brokers as the writers.
 */
export async function prepareSubmits(pool: pg.Pool, companyId: number, extraAuditors: number): Promise<Fixture> {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const [row] = await db.select().from(company).where(eq(company.id, companyId));
  const companyRow = row!;
  await db.update(house).set({ ruleTel: 'FULL', isNeedIdCard: false, sellingStatus: 'SELLING', reportLeadTime: 30, reportProtectHours: 72, active: true }).where(eq(house.companyId, companyRow.id));
  const houses = (await db.select({ id: house.id }).from(house).where(eq(house.companyId, companyRow.id))).map((h) => h.id);
  const staff = await db.select().from(user).where(eq(user.companyId, companyRow.id));
  const onDuty = staff.find((u) => isAssignedAuditor(u.role) && u.vacation === 0)!;
  const added = [];
  for (let i = 1; i <= extraAuditors; i++) {
    const [a] = await db
      .insert(user)
      .values({ companyId: companyRow.id, role: 'AUDITOR', name: `压测审核${i}`, phone: `1870000${String(i).padStart(4, '0')}`, passwordHash: onDuty.passwordHash })
      .returning({ id: user.id });
    added.push(a!.id);
  }
  const auditors = [onDuty.id, ...added];
  const reporters = staff.filter((u) => isBroker(u.role)).map((u) => ({ ...u, sessionId: 0 }));
  const distributors = await pool.query<{ id: number; channel_user_id: number | null }>('select id, channel_user_id from distributor where company_id = $1', [companyRow.id]);
  const channels = new Map(distributors.rows.map((d) => [d.id, d.channel_user_id]));
  return { company: companyRow, houses, reporters, auditors, channels };
}

/** The demo data, AUDITORS auditors for 海口 and REPORTS reports spread over them. */
async function fill(db: Db, pool: pg.Pool, client: pg.PoolClient): Promise<Fixture> {
  const now = new Date();
  await seedDemo(db, { now });
  const code = COMPANIES.find((c) => c.brand === 'haikou')!.code;
  const [row] = await db.select({ id: company.id }).from(company).where(eq(company.code, code));
  const fixture = await prepareSubmits(pool, row!.id, AUDITORS - 1);
  const { company: companyRow, houses, reporters, auditors, channels } = fixture;
  const rng = createRng('submit-bench');
  const columns = {
    company_id: 'int', house_id: 'int', customer_name: 'text', customer_phone: 'text', customer_phone_masked: 'text',
    reporter_id: 'int', distributor_id: 'int', shop_manager_id: 'int', channel_user_id: 'int', auditor_id: 'int',
    estimated_visit_time: 'timestamptz', status: 'text', protect_until: 'timestamptz', submission_id: 'text', created_at: 'timestamptz',
  } as const;
  const names = Object.keys(columns) as (keyof typeof columns)[];
  const text = `insert into record (${names.join(', ')}) select * from unnest(${names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ')})`;
  for (let from = 0; from < REPORTS; from += 10_000) {
    const batch = names.map(() => [] as unknown[]);
    for (let i = from; i < Math.min(REPORTS, from + 10_000); i++) {
      const ageDays = 3 * 365 * rng.next() ** 1.3;
      const createdAt = new Date(now.getTime() - ageDays * 86_400_000);
      const reporter = rng.pick(reporters);
      // 13x-19x but never 16x: the writers' customers are 16x, so no bench report is a duplicate of these.
      const phone = `1${rng.pick(['3', '5', '8', '9'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
      const values: unknown[] = [
        companyRow.id, rng.pick(houses), '客户', phone, maskPhone(phone), reporter.id, reporter.distributorId, shopManagerOfReporter(reporter),
        channels.get(reporter.distributorId!) ?? null, auditors[i % auditors.length], createdAt.toISOString(), statusAt(ageDays, rng.next()),
        new Date(createdAt.getTime() + 3 * 86_400_000).toISOString(), `bench-${i}`, createdAt.toISOString(),
      ];
      values.forEach((v, k) => batch[k]!.push(v));
    }
    await client.query(text, batch);
  }
  await client.query('analyze');
  return fixture;
}

/**
 * The n-th customer of the run (n counts over every phase), unique per (listing, masked phone):
 * 16<d><4 random digits><4 digits>, where d and the last four count through the listings.
 */
function customerOf(fixture: Fixture, n: number) {
  const houseId = fixture.houses[n % fixture.houses.length]!;
  const index = Math.floor(n / fixture.houses.length);
  if (index >= 100_000) throw new Error('bench: more submits than distinct customers; add listings or shorten the phases');
  const phone = `16${Math.floor(index / 10_000)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}${String(index % 10_000).padStart(4, '0')}`;
  return { houseId, phone, masked: maskPhone(phone) };
}

interface PhaseResult {
  reports: number;
  seconds: number;
  errors: Map<string, number>;
  ids: number[];
  nodeCpu: number;
}

/** Customers handed out so far, over all phases. */
let nextCustomer = 0;

/** `writers` loops calling `one(writer, n)` for `seconds`; n (the customer) is unique over the run. */
async function phase(one: (writer: number, n: number) => Promise<number[]>, writers: number, seconds: number): Promise<PhaseResult> {
  const errors = new Map<string, number>();
  const ids: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < deadline) {
        try {
          ids.push(...(await one(w, nextCustomer++)));
        } catch (error) {
          // drizzle's "Failed query: …" carries the database's own error as its cause.
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
          const key = cause instanceof Error ? cause.message.slice(0, 120) : String(cause);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const took = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { reports: ids.length, seconds: took, errors, ids, nodeCpu: (cpu.user + cpu.system) / 1e6 / took };
}

/** Prints a phase (when `verbose`): reports/s, errors, lost reports (acknowledged but absent), the spread over the auditors. */
async function report(label: string, r: PhaseResult, pool: pg.Pool, fixture: Fixture, verbose: boolean): Promise<{ rate: number; errors: number; lost: number }> {
  const found = await pool.query<{ n: number }>('select count(*)::int as n from record where id = any($1::int[])', [r.ids]);
  const rate = r.reports / r.seconds;
  const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
  const lost = r.reports - found.rows[0]!.n;
  if (!verbose) return { rate, errors, lost };
  const spread = await pool.query<{ auditor_id: number; n: number }>(
    'select auditor_id, count(*)::int as n from record where id = any($1::int[]) group by auditor_id order by auditor_id',
    [r.ids],
  );
  const per = new Map(spread.rows.map((s) => [s.auditor_id, s.n]));
  const perAuditor = fixture.auditors.map((a) => per.get(a) ?? 0);
  print(
    `${label.padEnd(42)} ${rate.toFixed(0).padStart(7)} reports/s  (${r.reports} in ${r.seconds.toFixed(1)} s; node ${(r.nodeCpu * 100).toFixed(0)} % of a core)  errors ${errors}  lost ${lost}`,
  );
  for (const [message, n] of r.errors) print(`    error ×${n}: ${message}`);
  print(`    per auditor: ${perAuditor.join(' ')}`);
  return { rate, errors, lost };
}

/** The kept counts (migration 0010, when the schema has them) against a fresh count. */
async function checkCounts(pool: pg.Pool): Promise<string> {
  const exists = await pool.query<{ t: string | null }>(`select to_regclass('auditor_open_report')::text as t`);
  if (!exists.rows[0]!.t) return 'no kept counts in this schema';
  const diff = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       select auditor_id, open_count from auditor_open_report where open_count <> 0
       except
       select auditor_id, count(*)::int from record where auditor_id is not null and status not in ($1, $2, $3) group by auditor_id
     ) d`,
    NOT_OPEN,
  );
  const diff2 = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       select auditor_id, count(*)::int from record where auditor_id is not null and status not in ($1, $2, $3) group by auditor_id
       except
       select auditor_id, open_count from auditor_open_report where open_count <> 0
     ) d`,
    NOT_OPEN,
  );
  return diff.rows[0]!.n + diff2.rows[0]!.n === 0 ? 'kept counts = fresh count' : `KEPT COUNTS DIFFER for ${diff.rows[0]!.n + diff2.rows[0]!.n} auditors`;
}

export interface SubmitComparison {
  /** Medians of the rounds, reports/s. */
  service: number;
  raw: number;
  /** The service of BENCH_SUBMIT_BEFORE, when given. */
  before?: number;
  /** Over every phase. */
  errors: number;
  lost: number;
  /** The kept counts against a fresh count, after the rounds. */
  counts: string;
}

/**
 * `rounds` rounds of two phases, `writers` concurrent writers on their own connections for
 * `seconds` each: the service (recordService.submit as the route calls it, one customer, one
 * listing) and the raw loop (the same transaction's statements by hand, rawSubmit). The
 * auditors of `onDuty` are put on duty, the others of the fixture on vacation.
 */
export async function compareSubmits(
  pool: pg.Pool,
  fixture: Fixture,
  options: { writers: number; seconds: number; rounds: number; onDuty: number[]; verbose?: boolean },
): Promise<SubmitComparison> {
  const { writers, seconds, rounds, onDuty, verbose = false } = options;
  const db = drizzle(pool, { schema }) as unknown as Db;
  await pool.query(`update "user" set vacation = case when id = any($1::int[]) then 0 else 1 end where company_id = $2 and role = 'AUDITOR'`, [onDuty, fixture.company.id]);
  // As the app builds it: the assigned auditor's 新报备待审核 is written in the submit's transaction (decision 054).
  const { notify } = createMessageService({ db, messages: createMessageRepository(db), log: pino({ level: 'silent' }), wechatKinds: [], smsEnabled: false });
  const customers = { saveForReport: createReportCustomerWriter(db).save };
  const uploads = pictureCheck(createUploadRepository(db));
  const service = createRecordService({ db, records: createRecordRepository(db), uploads, notify, customers });
  // The other version with the same picture check and notifications, so the two do the same work.
  const before = await serviceBefore(db, { uploads, notify, customers });
  const visitingTime = () => formatShanghaiMinute(new Date(Date.now() + 48 * 3_600_000));
  const rates = { service: [] as number[], raw: [] as number[], before: [] as number[] };
  let errors = 0;
  let lost = 0;
  const submitVia = (submitter: Pick<RecordService, 'submit'>) => async (w: number, n: number) => {
    const c = customerOf(fixture, n);
    const input: RecordSubmitInput = {
      selectHouse: [c.houseId],
      visitingTime: visitingTime(),
      visitorNum: 1,
      dkStaffName: '',
      dkStaffPhone: '',
      reception: '',
      remark: '',
      customerList: [{ name: '压测客户', sex: 1, phone: c.phone, telType: 0, customerPic: [], picConsent: false }],
    };
    return (await submitter.submit(fixture.company, fixture.reporters[w % fixture.reporters.length]!, input)).recordIds;
  };
  // Service and raw phases alternate, so a busy neighbour on a shared machine slows both alike.
  for (let round = 1; round <= rounds; round++) {
    if (before) {
      const viaBefore = await phase(submitVia(before), writers, seconds);
      const b = await report(`round ${round} service before (BENCH_SUBMIT_BEFORE)`, viaBefore, pool, fixture, verbose);
      rates.before.push(b.rate);
      errors += b.errors;
      lost += b.lost;
    }
    const viaService = await phase(submitVia(service), writers, seconds);
    const s = await report(`round ${round} service (recordService.submit)`, viaService, pool, fixture, verbose);

    const rawRun = await phase(async (w, n) => {
      const c = customerOf(fixture, n);
      const reporter = fixture.reporters[w % fixture.reporters.length]!;
      return rawSubmit(pool, fixture, reporter, c);
    }, writers, seconds);
    const r = await report(`round ${round} raw (same SQL by hand)`, rawRun, pool, fixture, verbose);
    rates.service.push(s.rate);
    rates.raw.push(r.rate);
    errors += s.errors + r.errors;
    lost += s.lost + r.lost;
  }
  return {
    service: median(rates.service),
    raw: median(rates.raw),
    ...(before ? { before: median(rates.before) } : {}),
    errors,
    lost,
    counts: await checkCounts(pool),
  };
}

/**
 * Another version of the submit, run beside this one in the same rounds (before/after in one
 * run on a noisy machine): BENCH_SUBMIT_BEFORE names a directory holding that version's
 * record-service.ts and record-repository.ts (copies whose imports resolve from there: the
 * tree's files by absolute path, node_modules linked beside them).
 */
type ServiceDeps = Omit<Parameters<typeof createRecordService>[0], 'db' | 'records'>;
async function serviceBefore(db: Db, deps: ServiceDeps): Promise<Pick<RecordService, 'submit'> | undefined> {
  const dir = process.env.BENCH_SUBMIT_BEFORE;
  if (!dir) return undefined;
  const repository = (await import(pathToFileURL(path.resolve(dir, 'record-repository.ts')).href)) as { createRecordRepository: (db: Db) => unknown };
  const serviceModule = (await import(pathToFileURL(path.resolve(dir, 'record-service.ts')).href)) as {
    createRecordService: (deps: { db: Db; records: unknown } & ServiceDeps) => Pick<RecordService, 'submit'>;
  };
  return serviceModule.createRecordService({ db, records: repository.createRecordRepository(db), ...deps });
}

async function run(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: WRITERS + 2 });
  // The database is dropped with (force) at the end: idle connections closing then are expected.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const migrated = openDatabase({ databaseUrl: url, dataDir: '' });
  await migrated.migrate();
  await migrated.close();
  const admin = await pool.connect();
  try {
    const version = (await admin.query<{ v: string }>('select version() as v')).rows[0]!.v;
    print(`${version.split(',')[0]}; ${WRITERS} writers, ${SECONDS} s per phase`);
    const t0 = performance.now();
    const fixture = await fill(db, pool, admin);
    const open = await admin.query<{ n: number }>(`select count(*)::int as n from record where company_id = $1 and status not in ($2, $3, $4)`, [fixture.company.id, ...NOT_OPEN]);
    print(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${REPORTS.toLocaleString('en-US')} reports of 海口, ${open.rows[0]!.n.toLocaleString('en-US')} open, over ${fixture.auditors.length} auditors; ${fixture.houses.length} listings, ${fixture.reporters.length} brokers`);
    print(`before: ${await checkCounts(pool)}`);

    const summary: string[] = [];
    for (const k of AUDITOR_SETS) {
      print(`\n--- ${k} auditor${k === 1 ? '' : 's'} on duty`);
      const r = await compareSubmits(pool, fixture, { writers: WRITERS, seconds: SECONDS, rounds: ROUNDS, onDuty: fixture.auditors.slice(0, k), verbose: true });
      const beforeText = r.before === undefined ? '' : `before ${r.before.toFixed(0)} reports/s (${((100 * r.before) / r.raw).toFixed(0)} % of raw), `;
      const line = `${k} on duty: ${beforeText}service ${r.service.toFixed(0)} reports/s, raw ${r.raw.toFixed(0)} reports/s (medians of ${ROUNDS}), service / raw ${((100 * r.service) / r.raw).toFixed(0)} %`;
      summary.push(line);
      print(`    ${line}; ${r.counts}`);
    }
    print('\nsummary');
    for (const line of summary) print(`  ${line}`);
  } finally {
    admin.release();
    await pool.end();
  }
}

/** The pick's statement (record-repository pickAuditor): `within` one of the fewest or any; skipping held rows or waiting. */
const pickSql = (nearFewest: boolean, skipLocked: boolean) => `with duty as (
    select auditor_id, open_count from auditor_open_report where auditor_id in (select id from "user" where company_id = $1 and role = 'AUDITOR' and vacation = 0 and active = true)
  ),
  lone as (select auditor_id from duty where (select count(*) from duty) = 1),
  picked as (
    select c.auditor_id from auditor_open_report c join duty d on d.auditor_id = c.auditor_id
    where (select count(*) from duty) > 1
      ${nearFewest ? 'and d.open_count <= (select min(open_count) from duty) + 1' : ''}
    order by d.open_count, d.auditor_id limit 1
    for update of c ${skipLocked ? 'skip locked' : ''}
  )
  select auditor_id as id from lone union all select auditor_id from picked`;
const PICK_FREE = pickSql(true, true);
const PICK_WAIT = pickSql(false, false);
/** The CTEs of record-repository's waitingReportQuery: the count of one auditor at least two below all others, waited for, kept if still within one. */
const WAIT_FAR_BELOW = `duty as (
    select auditor_id, open_count from auditor_open_report where auditor_id in (select id from "user" where company_id = $1 and role = 'AUDITOR' and vacation = 0 and active = true)
  ),
  target as (
    select d.auditor_id from duty d where d.open_count + 2 <= (select min(o.open_count) from duty o where o.auditor_id <> d.auditor_id)
    order by d.open_count, d.auditor_id limit 1
  ),
  chosen as (
    select c.auditor_id as id from auditor_open_report c
    where c.auditor_id = (select auditor_id from target) and c.open_count <= (select min(o.open_count) from duty o where o.auditor_id <> c.auditor_id) + 1
    for update of c
  )`;

/** A named statement (parsed and planned once per connection, as the service's prepared statements are). */
const named = (name: string, text: string) => (values: unknown[] = []) => ({ name: `raw_${name}`, text, values });

const RAW = {
  houses: named('houses', 'select id, name, report_lead_time, report_protect_hours, rule_tel, is_need_id_card, selling_status from house where company_id = $1 and active = true and id = any($2::int[])'),
  lock: named('lock', 'select pg_advisory_xact_lock($1::int, hashtext($2))'),
  protecting: named(
    'protecting',
    `select id, distributor_id, protect_until from record where company_id = $1 and house_id = $2 and customer_phone_masked = $3 and protect_until > $4
       and status not in ('RECORDCLOSE', 'MAKEBARGAINCLOSE', 'UNVISIT') order by protect_until asc limit 10`,
  ),
  customer: named(
    'customer',
    `insert into customer (company_id, owner_id, distributor_id, name, sex, phone, tel_type, anchor) values ($1, $2, $3, $4, 1, $5, 0, 'Y')
       on conflict (company_id, owner_id, phone) where deleted_at is null do update set name = excluded.name, sex = excluded.sex, tel_type = excluded.tel_type, anchor = excluded.anchor
       returning id`,
  ),
  savepoint: named('savepoint', 'savepoint submit_pick'),
  letGo: named('let_go', 'rollback to savepoint submit_pick'),
  pickWait: named('pick_wait', PICK_WAIT),
  ...Object.fromEntries(
    (
      [
        // The pick's first look: a free count near the fewest, nothing inserted when none.
        ['picked', PICK_FREE],
        // The count waited for, if the first look made again still chooses it.
        ['kept', `select id from (${PICK_FREE}) look where id = $14::int`],
        ['given', 'select $14::int as id'],
        // One auditor at least two below all others: wait for its count in the insert (the service's waitingReportQuery).
        ['waiting', WAIT_FAR_BELOW],
      ] as const
    ).map(([auditor, chosen]) => [
      auditor,
      named(
        `report_${auditor}`,
        // The report with its history entry, channel and audit-log row, as the service's insertReport.
        `with ${auditor === 'waiting' ? chosen : `chosen as (${chosen})`},
         inserted as (
           insert into record (company_id, house_id, customer_id, customer_name, customer_sex, customer_phone, customer_phone_masked, customer_tel_type, customer_pics,
             reporter_id, distributor_id, shop_manager_id, channel_user_id, auditor_id, dk_name, dk_phone, visitor_num, reception, remark, estimated_visit_time,
             status, protect_until, version, submission_id)
           select $1, $2, $3, '压测客户先生', 1, $4, $5, 0, '[]', $6, $7, $8, (select channel_user_id from distributor where id = $7), chosen.id, $9, $10, 1, '', '', $11,
             'RECORDSTART', $12, 1, $13
           from chosen
           returning id, company_id, auditor_id, estimated_visit_time, visitor_num
         ),
         approval as (
           insert into record_approval (record_id, status, user_id, user_name, user_phone, approval_result, estimated_visit_time, visitor_num)
           select id, 'RECORDSTART', $6, $9, $10, '提交报备', estimated_visit_time, visitor_num from inserted
         )
         ${auditor === 'waiting' ? ', logged as (' : ''}insert into audit_log (company_id, actor_id, action, entity, entity_id, detail)
         select company_id, $6, 'record.submit', 'record', id, jsonb_build_object('submissionId', $13::text, 'houseId', $2::int, 'auditorId', auditor_id) from inserted
         returning entity_id as id${auditor === 'waiting' ? ') select id from logged union all select null::int from target where not exists (select from logged)' : ''}`,
      ),
    ]),
  ),
} as Record<'houses' | 'lock' | 'protecting' | 'customer' | 'savepoint' | 'letGo' | 'pickWait' | 'picked' | 'kept' | 'given' | 'waiting', ReturnType<typeof named>>;

/**
 * The submit transaction's statements for one customer and one listing, as the service sends
 * them: the same SQL, named (prepared once per connection) as the service's, built by nobody,
 * no validation. The listing, the 撞单 lock and check, the customer upsert, then the report with
 * its history entry, channel and audit-log row in one statement that also picks its auditor (a
 * count near the fewest, not held). When it finds none, the same wait as the service
 * (record-repository insertReportWaitingForAuditor): in a savepoint, the insert waiting itself
 * for an auditor at least two below all others; else wait for the least-loaded count, insert
 * if the first look made again still chooses it, else let it go and look again; after 4 rounds
 * keep the one waited for.
 */
export async function rawSubmit(pool: pg.Pool, fixture: Fixture, reporter: SessionUser, c: { houseId: number; phone: string; masked: string }): Promise<number[]> {
  const companyId = fixture.company.id;
  const now = new Date();
  await pool.query(RAW.houses([companyId, [c.houseId]]));
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(RAW.lock([c.houseId, c.masked]));
    const protecting = await client.query(RAW.protecting([companyId, c.houseId, c.masked, now]));
    if (protecting.rowCount) throw new Error('raw: duplicate');
    const customer = await client.query<{ id: number }>(RAW.customer([companyId, reporter.id, reporter.distributorId, '压测客户', c.phone]));
    const customerId = customer.rows[0]!.id;
    const submissionId = randomBytes(16).toString('hex');
    const visit = new Date(now.getTime() + 48 * 3_600_000);
    const insertReport = async (auditor: 'picked' | 'kept' | 'given' | 'waiting', auditorId?: number) => {
      const values = [companyId, c.houseId, customerId, c.phone, c.masked, reporter.id, reporter.distributorId, shopManagerOfReporter(reporter), reporter.name, reporter.phone,
        visit, new Date(now.getTime() + 72 * 3_600_000), submissionId];
      const { rows } = await client.query<{ id: number | null }>(RAW[auditor](auditorId === undefined ? values : [...values, auditorId]));
      return rows.length ? rows[0]!.id : undefined;
    };
    let id = (await insertReport('picked')) ?? null;
    if (id === null) {
      await client.query(RAW.savepoint());
      const far = await insertReport('waiting');
      if (far === null) await client.query(RAW.letGo());
      id = far ?? null;
      for (let round = 1; id === null; round++) {
        const waited = (await client.query<{ id: number }>(RAW.pickWait([companyId]))).rows[0]!.id;
        id = (await insertReport(round >= 4 ? 'given' : 'kept', waited)) ?? null;
        if (id !== null) break;
        await client.query(RAW.letGo());
        id = (await insertReport('picked')) ?? null;
      }
    }
    await client.query('commit');
    return [id!];
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print('submit bench: set BENCH_DATABASE_URL (a PostgreSQL URL whose user may create databases); PGlite runs one transaction at a time, so there is nothing to measure there');
    return;
  }
  await withScratchDatabaseUrl(url, 'baobei_bench_submit', run);
}

// Run as a script; imported (by scale.bench.ts) it only lends its phases.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
