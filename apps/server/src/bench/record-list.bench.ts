/**
 * `npm run bench:records`: the report lists (我的订单, 公司订单, the auditors' lists) and the
 * statistics totals on a company with many reports (docs/decisions/016). With
 * BENCH_DATABASE_URL or TEST_DATABASE_URL it creates a scratch PostgreSQL database (dropped
 * at the end), migrates it, seeds the demo data and adds 200,000 reports to the demo company;
 * without, it does the same in PGlite with 30,000 reports. It then times the service calls
 * the API makes (page + status-tab counts) per viewer kind and prints the plans of the
 * slowest queries. Numbers only: no target fails the run (the list has no agreed target yet).
 */
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { maskPhone } from '@baobei/shared/rules/phone';
import { customRange, presetRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { isAssignedAuditor, isBroker, shopManagerOfReporter } from '@baobei/shared/rules/access';
import type { RecordListQuery } from '@baobei/shared/schemas/record-tracking';
import type { ScopeKind, Viewer } from '../access/scopes';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { company, distributor, house, user } from '../db/schema';
import { createRng, type Rng } from '../db/seed/prng';
import { COMPANIES, seedDemo } from '../db/seed/seed-demo';
import { createRecordRepository } from '../modules/record/record-repository';
import { createRecordTrackingRepository } from '../modules/record/record-tracking-repository';
import { createRecordTrackingService } from '../modules/record/record-tracking-service';
import { createPictureSigner } from '../modules/upload/picture-signer';
import { createStatsRepository } from '../modules/stats/stats-repository';
import { createStatsService } from '../modules/stats/stats-service';
import { executionMs, padDisplay as pad, print, timeRuns, withPglite, withScratchPostgres, type Raw } from './bench-support';

const REPORTS = { postgres: 200_000, pglite: 30_000 } as const;
const RUNS = 30;
const WARM_UP = 3;
const PAGE_SIZE = 8;
const DEEP_PAGE = 50;
/** Reports span three years, about as many per day throughout. */
const SPAN_DAYS = 3 * 365;
/** A customer name the generator makes about once in 1,000 reports (3 characters: trigram-searchable). */
const KEYWORD = '王建国';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '符', '吉', '羊', '云', '邢', '麦', '蔡', '钟', '卢', '冼'];
const GIVEN = ['建国', '伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '海燕', '志强', '晓东', '春梅', '国栋', '小红', '文静', '俊峰', '家豪', '美玲', '永福', '丽娟', '明辉', '晓婷', '建华', '海霞'];
const PREFIXES = ['130', '131', '132', '135', '136', '137', '138', '139', '150', '151', '152', '158', '159', '177', '180', '186', '187', '188', '189', '199'];

/**
 * The status of a report of a given age: recent ones are still moving, old ones are closed
 * or dealt (a report's protection lasts days, a deal a few months).
 */
function statusAt(ageDays: number, rng: Rng): RecordStatus {
  const r = rng.next();
  if (ageDays < 3) return r < 0.45 ? 'RECORDSTART' : r < 0.7 ? 'RECORDSTANDBY' : r < 0.9 ? 'RECORDCOMPLETE' : 'RECORDCLOSE';
  if (ageDays < 30) {
    return r < 0.05 ? 'RECORDSTANDBY' : r < 0.3 ? 'RECORDCOMPLETE' : r < 0.55 ? 'RECORDCLOSE' : r < 0.7 ? 'UNVISIT' : r < 0.9 ? 'VISIT' : 'MAKEBARGAIN';
  }
  if (ageDays < 120) return r < 0.45 ? 'RECORDCLOSE' : r < 0.7 ? 'UNVISIT' : r < 0.85 ? 'VISIT' : r < 0.9 ? 'MAKEBARGAIN' : r < 0.97 ? 'MAKEBARGAINCOMPLETE' : 'MAKEBARGAINCLOSE';
  return r < 0.5 ? 'RECORDCLOSE' : r < 0.75 ? 'UNVISIT' : r < 0.9 ? 'VISIT' : r < 0.97 ? 'MAKEBARGAINCOMPLETE' : 'MAKEBARGAINCLOSE';
}

interface Fixture {
  companyId: number;
  viewers: { label: string; viewer: Viewer; kind: ScopeKind }[];
}

async function viewerOf(db: Db, companyId: number, phone: string): Promise<Viewer> {
  const [row] = await db
    .select({ id: user.id, companyId: user.companyId, role: user.role, distributorId: user.distributorId, distributorControl: user.distributorControl })
    .from(user)
    .where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  if (!row) throw new Error(`bench: no account ${phone}`);
  return row;
}

/** The demo data, then `count` reports of the haikou company, inserted 10,000 per statement. */
async function fill(db: Db, raw: Raw, count: number): Promise<Fixture> {
  const now = new Date();
  await seedDemo(db, { now });
  const code = COMPANIES.find((c) => c.brand === 'haikou')!.code;
  const [c] = await db.select({ id: company.id }).from(company).where(eq(company.code, code));
  const companyId = c!.id;
  const houses = (await db.select({ id: house.id }).from(house).where(eq(house.companyId, companyId))).map((h) => h.id);
  const channels = new Map(
    (await db.select({ id: distributor.id, channel: distributor.channelUserId }).from(distributor).where(eq(distributor.companyId, companyId))).map((d) => [d.id, d.channel]),
  );
  const staff = await db
    .select({ id: user.id, role: user.role, phone: user.phone, distributorId: user.distributorId, managerId: user.managerId })
    .from(user)
    .where(eq(user.companyId, companyId));
  // Brokers report most; shop managers and general accounts now and then.
  const reporters = staff.flatMap((u) =>
    u.distributorId === null ? [] : Array.from({ length: isBroker(u.role) ? 6 : 1 }, () => u),
  );
  const auditors = staff.filter((u) => isAssignedAuditor(u.role)).map((u) => u.id);
  if (!houses.length || !reporters.length || !auditors.length) throw new Error('bench: the demo company lacks listings, brokers or auditors');

  const rng = createRng('record-list-bench');
  const columns = {
    company_id: 'int',
    house_id: 'int',
    customer_name: 'text',
    customer_sex: 'int',
    customer_phone: 'text',
    customer_phone_masked: 'text',
    reporter_id: 'int',
    distributor_id: 'int',
    shop_manager_id: 'int',
    channel_user_id: 'int',
    auditor_id: 'int',
    estimated_visit_time: 'timestamptz',
    visit_time: 'timestamptz',
    status: 'text',
    protect_until: 'timestamptz',
    submission_id: 'text',
    created_at: 'timestamptz',
    audit_at: 'timestamptz',
  } as const;
  const names = Object.keys(columns) as (keyof typeof columns)[];
  const text = `insert into record (${names.join(', ')}) select * from unnest(${names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ')})`;
  for (let from = 0; from < count; from += 10_000) {
    const batch = names.map(() => [] as unknown[]);
    for (let i = from; i < Math.min(count, from + 10_000); i++) {
      // Slightly more reports lately than three years ago.
      const ageDays = SPAN_DAYS * rng.next() ** 1.3;
      const createdAt = new Date(now.getTime() - ageDays * 86_400_000);
      const status = statusAt(ageDays, rng);
      const reporter = rng.pick(reporters);
      const phone = `${rng.pick(PREFIXES)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
      const visit = new Date(createdAt.getTime() + rng.int(1, 72) * 3_600_000);
      const row: unknown[] = [
        companyId,
        rng.pick(houses),
        `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}`,
        rng.int(0, 2),
        phone,
        maskPhone(phone),
        reporter.id,
        reporter.distributorId,
        shopManagerOfReporter(reporter),
        channels.get(reporter.distributorId!) ?? null,
        // The on-duty auditor takes most; the one on leave took her share before.
        rng.chance(0.8) ? auditors[0] : rng.pick(auditors),
        visit.toISOString(),
        ['VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'].includes(status) ? visit.toISOString() : null,
        status,
        new Date(createdAt.getTime() + 7 * 86_400_000).toISOString(),
        `bench-${i}`,
        createdAt.toISOString(),
        status === 'RECORDSTART' ? null : new Date(createdAt.getTime() + 3_600_000).toISOString(),
      ];
      row.forEach((value, k) => batch[k]!.push(value));
    }
    await raw(text, batch);
  }
  await raw('analyze');

  const v = (phone: string) => viewerOf(db, companyId, phone);
  return {
    companyId,
    viewers: [
      { label: 'YUEWUYUAN 我的订单', viewer: await v('13800000003'), kind: 'own' },
      { label: 'DIANZHANG 公司订单 (shop)', viewer: await v('13800000002'), kind: 'company' },
      { label: '总账号 公司订单 (distributor)', viewer: await v('13800000001'), kind: 'company' },
      { label: 'CHANNEL', viewer: await v('13800000004'), kind: 'own' },
      { label: 'CHANNELJINGLI', viewer: await v('13800000005'), kind: 'own' },
      { label: 'AUDITOR', viewer: await v('13800000006'), kind: 'own' },
      { label: 'AUDITORADMIN', viewer: await v('13800000007'), kind: 'own' },
    ],
  };
}

interface Case {
  name: string;
  query: RecordListQuery;
  page: number;
}

function cases(now: Date): Case[] {
  const months3 = presetRange(6, now)!;
  const searchDate: [string, string] = [shanghaiDay(months3.start), shanghaiDay(new Date(months3.end.getTime() - 1))];
  const base: RecordListQuery = { keyword: '', approvalStatus: '', searchDate: [] };
  return [
    { name: 'page 1', query: base, page: 1 },
    { name: `keyword ${KEYWORD}`, query: { ...base, keyword: KEYWORD }, page: 1 },
    { name: '近3个月', query: { ...base, searchDate }, page: 1 },
    { name: `page ${DEEP_PAGE}`, query: base, page: DEEP_PAGE },
  ];
}

/** Drizzle on the bench's own connection, remembering the last statements (for EXPLAIN). */
function recorder(client: pg.Client | PGlite) {
  const log: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void log.push({ sql, params }) };
  const db = (client instanceof PGlite ? drizzlePglite(client, { schema, logger }) : drizzlePg(client, { schema, logger })) as unknown as Db;
  return { db, log };
}

async function run(kind: 'pglite' | 'postgres', database: Database, raw: Raw, client: pg.Client | PGlite): Promise<void> {
  const count = REPORTS[kind];
  print(`\n=== ${kind}: migrate, seed the demo data and insert ${count.toLocaleString('en-US')} reports`);
  const t0 = performance.now();
  await database.migrate();
  const fixture = await fill(database.db, raw, count);
  const statusRows = await raw(`select status, count(*)::int as n from record where company_id = $1 group by status order by 2 desc`, [fixture.companyId]);
  print(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; reports of the company by status: ${statusRows.map((r) => `${String(r.status)} ${String(r.n)}`).join(', ')}`);

  const db = database.db;
  const tracking = createRecordTrackingRepository(db);
  const service = createRecordTrackingService({ db, tracking, records: createRecordRepository(db), externalLinkSecret: 'bench', pictures: createPictureSigner('bench') });
  const stats = createStatsService({ stats: createStatsRepository(db) });
  const now = new Date();
  const list = (viewer: Viewer, kind: ScopeKind, c: Case) =>
    kind === 'company'
      ? service.distributorRecordList(viewer, { ...c.query, subdistributorUserId: 0 }, { page: c.page, pageSize: PAGE_SIZE })
      : service.recordList(viewer, c.query, { page: c.page, pageSize: PAGE_SIZE });

  const results: { viewer: string; kind: ScopeKind; viewerObj: Viewer; c: Case; total: number; p50: number; p95: number }[] = [];
  print(`\nviewer                          case              in scope  p50 ms   p95 ms   (page of ${PAGE_SIZE} + status-tab counts, ${RUNS} runs)`);
  for (const { label, viewer, kind: scope } of fixture.viewers) {
    for (const c of cases(now)) {
      const answer = await list(viewer, scope, c);
      const r = await timeRuns(() => list(viewer, scope, c), RUNS, WARM_UP);
      results.push({ viewer: label, kind: scope, viewerObj: viewer, c, total: answer.total, p50: r.p50, p95: r.p95 });
      print(`${pad(label, 31)} ${pad(c.name, 17)} ${String(answer.total).padStart(8)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(8)}`);
    }
  }

  print(`\nstatistics (get-record-statics), 总账号          reports  p50 ms   p95 ms`);
  const general = fixture.viewers.find((v) => v.label.startsWith('总账号'))!.viewer;
  for (const [name, dateType] of [['本月', 4], ['本年', 8]] as const) {
    const answer = await stats.recordStatistics(general, { dateType });
    const r = await timeRuns(() => stats.recordStatistics(general, { dateType }), RUNS, WARM_UP);
    print(`${pad(name, 31)} ${String(answer.total).padStart(8)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(8)}`);
  }

  // The plans of the slowest cases: the page query and the grouped count, as the repository writes them.
  const { db: logged, log } = recorder(client);
  const loggedTracking = createRecordTrackingRepository(logged);
  const slowest = [...results].sort((a, b) => b.p50 - a.p50).slice(0, 4);
  for (const s of slowest) {
    log.length = 0;
    const [from, to] = s.c.query.searchDate;
    const filters = { keyword: s.c.query.keyword, range: from && to ? customRange(from, to) : null, reporterId: 0 };
    await loggedTracking.list(s.viewerObj, s.kind, filters, '', { limit: PAGE_SIZE, offset: (s.c.page - 1) * PAGE_SIZE }, logged);
    await loggedTracking.countByStatus(s.viewerObj, s.kind, filters, logged);
    for (const [i, q] of log.entries()) {
      const rows = await raw(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
      const plan = rows.map((r) => String(Object.values(r)[0]));
      const scans = plan.filter((l) => /Scan|Sort Method/.test(l)).map((l) => l.trim().replace(/^->\s*/, ''));
      print(`\nEXPLAIN ${s.viewer}, ${s.c.name}, ${i === 0 ? 'page' : 'tab counts'}: ${executionMs(plan)} ms`);
      for (const line of scans) print(`  ${line}`);
    }
  }
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PGlite with 30,000 reports (a PostgreSQL run uses 200,000)');
    await withPglite((database, raw, lite) => run('pglite', database, raw, lite));
    return;
  }
  await withScratchPostgres(url, 'baobei_bench_records', (database, raw, client) => run('postgres', database, raw, client));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
