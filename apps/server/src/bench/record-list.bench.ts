/**
 * `npm run bench:records`: the report lists (我的订单, 公司订单, the auditors' lists) and the
 * statistics totals on a company with many reports (docs/decisions/016). With
 * BENCH_DATABASE_URL or TEST_DATABASE_URL it creates a scratch PostgreSQL database (dropped
 * at the end), migrates it, seeds the demo data and adds 200,000 reports to the demo company
 * (BENCH_REPORTS to change it); without, it does the same in PGlite with 30,000 reports. It
 * then times the service calls the API makes per viewer kind (BENCH_RUNS, default 50): page 1
 * (page + status-tab counts), a keyword, 近3个月, page 100 and the last page by the cursor of
 * the page before (as the web pages) and by page number (OFFSET, as a client paging by number),
 * prints the goals of issue 13 item 3 (the web's page 100 and last page at most 1.5× its page
 * 1, a keyword at most 2×, p99 at most 25 ms) and the plan of every query. Numbers only: a
 * missed goal is printed, it does not fail the run.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { maskPhone } from '@baobei/shared/rules/phone';
import { customRange, presetRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { isAssignedAuditor, isBroker, shopManagerOfReporter } from '@baobei/shared/rules/access';
import { searchesEnteredPhone } from '@baobei/shared/rules/report-phone';
import { cursors, decodeRecordListCursor } from '@baobei/shared/schemas/cursor';
import type { RecordListQuery } from '@baobei/shared/schemas/record-tracking';
import type { ScopeKind, Viewer } from '../access/scopes';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { company, distributor, house, user } from '../db/schema';
import { createRng, type Rng } from '../db/seed/prng';
import { COMPANIES, seedDemo } from '../db/seed/seed-demo';
import { createRecordTrackingRepository } from '../modules/record/record-tracking-repository';
import { createPiiAccess } from '../modules/privacy/pii-access';
import { createPhoneKey } from '../modules/privacy/pii-access-key';
import { createPiiAccessRepository } from '../modules/privacy/pii-access-repository';
import { createStatsRepository } from '../modules/stats/stats-repository';
import { createStatsService } from '../modules/stats/stats-service';
import { padDisplay as pad, print, timeRuns, withPglite, withScratchPostgres, type Raw } from './bench-support';
import { reportListService, viewerOf } from './report-list';
import type { ShownItems } from '../modules/record/record-tracking-service';

const REPORTS = { postgres: 200_000, pglite: 30_000 } as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 3;
const PAGE_SIZE = 8;
const DEEP_PAGE = 100;
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
  // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only scans).
  await raw('vacuum analyze');

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
  /** How the page is reached: the first page, a numbered page (OFFSET), or by the cursor of the page before. */
  at: { page: 1 } | { page: number | 'last'; by: 'offset' | 'cursor' };
}

function cases(now: Date): Case[] {
  const months3 = presetRange(6, now)!;
  const searchDate: [string, string] = [shanghaiDay(months3.start), shanghaiDay(new Date(months3.end.getTime() - 1))];
  const base: RecordListQuery = { keyword: '', approvalStatus: '', searchDate: [], awaitingVisit: false };
  return [
    { name: 'page 1', query: base, at: { page: 1 } },
    { name: `keyword ${KEYWORD}`, query: { ...base, keyword: KEYWORD }, at: { page: 1 } },
    { name: '近3个月', query: { ...base, searchDate }, at: { page: 1 } },
    { name: `page ${DEEP_PAGE} cursor`, query: base, at: { page: DEEP_PAGE, by: 'cursor' } },
    { name: 'last page cursor', query: base, at: { page: 'last', by: 'cursor' } },
    { name: `page ${DEEP_PAGE} offset`, query: base, at: { page: DEEP_PAGE, by: 'offset' } },
    { name: 'last page offset', query: base, at: { page: 'last', by: 'offset' } },
  ];
}

/** Drizzle on the bench's own connection, remembering the last statements (for EXPLAIN). */
function recorder(client: pg.Client | PGlite) {
  const log: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void log.push({ sql, params }) };
  const db = (client instanceof PGlite ? drizzlePglite(client, { schema, logger }) : drizzlePg(client, { schema, logger })) as unknown as Db;
  return { db, log };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Space Type'?: string;
  Plans?: PlanNode[];
}

/** The scans (and any sort that spilled to disk) of a JSON plan, one short phrase each. */
function scansOf(node: PlanNode, out: string[] = []): string[] {
  const type = node['Node Type'];
  if (/Scan/.test(type) && node['Relation Name']) out.push(`${type}${node['Index Name'] ? ` ${node['Index Name']}` : ''} on ${node['Relation Name']}`);
  else if (/Bitmap Index Scan/.test(type)) out.push(`${type} ${node['Index Name']}`);
  if (type === 'Sort' && node['Sort Space Type'] === 'Disk') out.push('Sort on disk');
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

async function explainJson(raw: Raw, q: { sql: string; params: unknown[] }): Promise<{ ms: number; scans: string[] }> {
  const rows = await raw(`explain (analyze, format json) ${q.sql}`, q.params);
  const cell = Object.values(rows[0]!)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode; 'Execution Time': number }[];
  return { ms: plan[0]!['Execution Time'], scans: [...new Set(scansOf(plan[0]!.Plan))] };
}

const ms = (n: number) => n.toFixed(2).padStart(7);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function run(kind: 'pglite' | 'postgres', database: Database, raw: Raw, client: pg.Client | PGlite): Promise<void> {
  const count = Number(process.env.BENCH_REPORTS ?? REPORTS[kind]);
  print(`\n=== ${kind}: migrate, seed the demo data and insert ${count.toLocaleString('en-US')} reports`);
  const t0 = performance.now();
  await database.migrate();
  const fixture = await fill(database.db, raw, count);
  const statusRows = await raw(`select status, count(*)::int as n from record where company_id = $1 group by status order by 2 desc`, [fixture.companyId]);
  print(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; reports of the company by status: ${statusRows.map((r) => `${String(r.status)} ${String(r.n)}`).join(', ')}`);

  const db = database.db;
  const service = reportListService(db);
  const stats = createStatsService({ stats: createStatsRepository(db) });
  const now = new Date();
  const list = (viewer: Viewer, kind: ScopeKind, query: RecordListQuery, page: number, cursor?: string, onShown?: ShownItems) => {
    const paging = { page, pageSize: PAGE_SIZE, cursor: cursor === undefined ? undefined : decodeRecordListCursor(cursor)! };
    return kind === 'company'
      ? service.distributorRecordList(viewer, { ...query, subdistributorUserId: 0 }, paging, onShown)
      : service.recordList(viewer, query, paging, onShown);
  };

  interface Result {
    viewer: string;
    kind: ScopeKind;
    viewerObj: Viewer;
    c: Case;
    page: number;
    cursor: string | undefined;
    total: number | null;
    p50: number;
    p95: number;
    p99: number;
  }
  const results: Result[] = [];
  print(`\nviewer                          case                  page   in scope  p50 ms  p95 ms  p99 ms   (${RUNS} runs; no cursor: page + status-tab counts)`);
  for (const { label, viewer, kind: scope } of fixture.viewers) {
    const first = await list(viewer, scope, cases(now)[0]!.query, 1);
    const lastPage = Math.max(1, Math.ceil((first.total ?? 0) / PAGE_SIZE));
    for (const c of cases(now)) {
      const page = c.at.page === 'last' ? lastPage : c.at.page;
      // The cursor of the page before: what the web holds when it asks for this one.
      const cursor = 'by' in c.at && c.at.by === 'cursor' && page > 1 ? ((await list(viewer, scope, c.query, page - 1)).nextCursor ?? undefined) : undefined;
      const answer = await list(viewer, scope, c.query, page, cursor);
      const r = await timeRuns(() => list(viewer, scope, c.query, page, cursor), RUNS, WARM_UP);
      results.push({ viewer: label, kind: scope, viewerObj: viewer, c, page, cursor, total: answer.total, p50: r.p50, p95: r.p95, p99: r.p99 });
      print(
        `${pad(label, 31)} ${pad(c.name, 21)} ${String(page).padStart(5)} ${String(answer.total ?? first.total).padStart(10)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)}`,
      );
    }
  }

  // Issue 13, item 3's goals, per viewer: the web's deep pages (by cursor) and the last one at
  // most 1.5× its first page, a keyword at most 2×, every web case's p99 under 25 ms.
  print(`\ngoals (medians; the web's pages: page 1, keyword, 近3个月 and the cursor pages)`);
  print(`viewer                          page ${DEEP_PAGE}/1  last/1   keyword/1  offset ${DEEP_PAGE}/1  offset last/1  worst p99`);
  const missed: string[] = [];
  for (const { label } of fixture.viewers) {
    const of = (name: string) => results.find((r) => r.viewer === label && r.c.name === name)!;
    const p1 = of('page 1').p50;
    const deep = of(`page ${DEEP_PAGE} cursor`).p50;
    const last = of('last page cursor').p50;
    const keyword = of(`keyword ${KEYWORD}`).p50;
    const web = results.filter((r) => r.viewer === label && !r.c.name.includes('offset'));
    const worst = Math.max(...web.map((r) => r.p99));
    if (deep > 1.5 * p1) missed.push(`${label}: page ${DEEP_PAGE} ${ratio(deep, p1)} page 1`);
    if (last > 1.5 * p1) missed.push(`${label}: last page ${ratio(last, p1)} page 1`);
    if (keyword > 2 * p1) missed.push(`${label}: keyword ${ratio(keyword, p1)} page 1`);
    if (worst > 25) missed.push(`${label}: p99 ${worst.toFixed(1)} ms`);
    print(
      `${pad(label, 31)} ${ratio(deep, p1).padStart(10)} ${ratio(last, p1).padStart(7)} ${ratio(keyword, p1).padStart(10)} ${ratio(of(`page ${DEEP_PAGE} offset`).p50, p1).padStart(15)} ${ratio(of('last page offset').p50, p1).padStart(14)} ${worst.toFixed(1).padStart(9)} ms`,
    );
  }
  print(missed.length ? `goals missed: ${missed.join('; ')}` : 'goals: all met (page 100 and last ≤ 1.5× page 1, keyword ≤ 2× page 1, p99 ≤ 25 ms)');

  // Issue 33, item 2 (docs/decisions/092): page 1 as the route answers it, without and with the
  // access log's one INSERT of the full numbers shown, interleaved in the same run. Goal: ≤ 1.1×.
  const piiAccess = createPiiAccess({ repository: createPiiAccessRepository(db), phoneKey: createPhoneKey('bench-access-log-key') });
  const page1 = cases(now)[0]!.query;
  print(`\naccess log (page 1 + its log rows)      without p50  with p50  ratio  rows/page`);
  const slower: string[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const { label, viewer, kind: scope } of fixture.viewers) {
    const plain: number[] = [];
    const logged: number[] = [];
    let rows = 0;
    // Interleaved, so a neighbour's load falls on both sides alike.
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      let started = performance.now();
      await list(viewer, scope, page1, 1);
      if (i >= WARM_UP) plain.push(performance.now() - started);
      started = performance.now();
      // As the route logs it: the INSERT starts when the page's rows are read, beside the counts.
      await list(viewer, scope, page1, 1, undefined, async (items) => {
        const shown = items.map((r) => ({ phone: r.customerInfo.phone, recordId: r.id }));
        rows = shown.length;
        await piiAccess.record({ companyId: viewer.companyId, userId: viewer.id }, '/api/record/get-record-list', shown);
      });
      if (i >= WARM_UP) logged.push(performance.now() - started);
    }
    const [without, withLog] = [median(plain), median(logged)];
    const r = withLog / without;
    if (r > 1.1) slower.push(`${label} ${r.toFixed(2)}×`);
    print(`${pad(label, 39)} ${without.toFixed(2).padStart(11)} ${withLog.toFixed(2).padStart(9)} ${r.toFixed(2).padStart(6)}× ${String(rows).padStart(9)}`);
  }
  print(slower.length ? `access log over 10 %: ${slower.join('; ')}` : 'access log: within 10 % of the list on every viewer');

  print(`\nstatistics (get-record-statics), 总账号          reports  p50 ms   p95 ms`);
  const general = fixture.viewers.find((v) => v.label.startsWith('总账号'))!.viewer;
  for (const [name, dateType] of [['本月', 4], ['本年', 8]] as const) {
    const answer = await stats.recordStatistics(general, { dateType });
    const r = await timeRuns(() => stats.recordStatistics(general, { dateType }), RUNS, WARM_UP);
    print(`${pad(name, 31)} ${String(answer.total).padStart(8)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(8)}`);
  }

  // Every web case's plan: the page query and, without a cursor, the grouped count, as the repository writes them.
  const { db: logged, log } = recorder(client);
  const loggedTracking = createRecordTrackingRepository(logged);
  print(`\nplans (EXPLAIN ANALYZE, execution time and scans)`);
  for (const s of results) {
    if (s.c.name.includes('offset') && kind === 'pglite') continue;
    log.length = 0;
    const [from, to] = s.c.query.searchDate;
    const filters = {
      keyword: s.c.query.keyword,
      range: from && to ? customRange(from, to) : null,
      reporterId: 0,
      hiddenPhones: !searchesEnteredPhone(s.viewerObj.role),
    };
    const after = s.cursor ? cursors.record.decode(s.cursor)! : undefined;
    await loggedTracking.list(s.viewerObj, s.kind, filters, '', { limit: PAGE_SIZE, offset: after ? 0 : (s.page - 1) * PAGE_SIZE, after }, logged);
    if (!after) await loggedTracking.countByStatus(s.viewerObj, s.kind, filters, logged);
    for (const [i, q] of log.entries()) {
      const { ms: took, scans } = await explainJson(raw, q);
      print(`${pad(s.viewer, 31)} ${pad(s.c.name, 21)} ${i === 0 ? 'page  ' : 'counts'} ${took.toFixed(2).padStart(8)} ms  ${scans.join('; ')}`);
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
