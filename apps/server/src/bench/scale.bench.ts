/**
 * `npm run bench` (issue 13 item 6): the product against its goals, at scale, in one table.
 *
 * On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a URL whose user may create
 * databases) it builds one scratch database (dropped at the end) holding the demo data and the
 * company of 127.0.0.1 grown to BENCH_REPORTS reports (default 1,000,000), BENCH_LISTINGS
 * listings (10,000) and BENCH_USERS accounts (5,000) (scale-data.ts). Without a URL it does the
 * same in PGlite at a size that fits its memory (100,000 reports) and says so.
 *
 * Then it starts the product (src/main.ts, NODE_ENV=production, serving a built web app) and
 * `raw`, the bare handlers with the same repositories and service calls (http-load.ts), signs
 * in as a broker with 5 % of the reports and prints:
 * 1. per endpoint (house list and search; report list page 1, page 100 and the last page by
 *    the cursor of the page before, keyword, 近3个月; report detail; check-token): autocannon
 *    at 16 connections, product and raw in turn for BENCH_ROUNDS rounds (3) of BENCH_SECONDS
 *    (5) after BENCH_WARM_UP seconds (2) each: best req/s of each, their ratio, the ratio of
 *    CPU time per request (steadier on a shared machine), the product's median p50 and p99,
 *    against the goals (≥ 70 % of raw, p99 ≤ 25 ms);
 * 2. page 100, the last page and the keyword against page 1 (≤ 1.5×, ≤ 1.5×, ≤ 2×);
 * 3. report submits, 16 writers, the service against a raw loop of the same transaction
 *    (submit.bench.ts; PostgreSQL only): ≥ 50 %, 0 errors, 0 lost reports;
 * 4. first-load JS per route of the built web app (apps/web/scripts/first-load.mjs; BENCH_WEB_DIST,
 *    or apps/web/dist when built, or a build made for the run) against the budgets;
 * 5. Lighthouse (mobile) on home, house list, house detail, login and the report list
 *    (apps/web/scripts/lighthouse.mjs; BENCH_LIGHTHOUSE_RUNS, default 1, median run kept).
 * Before the servers start, 0. the periodic jobs (periodic-jobs.bench.ts): the protection
 * expiry job clears the backlog the data holds (database time, per batch, the empty tick, raw
 * SQL beside it; docs/decisions/063), so the endpoints are then measured with nothing due; then
 * 0b. 数据驾驶舱 (dashboard.bench.ts): each dashboard call through its service, p50 and p99
 * against 50 ms, beside the report list's page 1 and the funnel counted over the reports, with
 * channel_tally's size and the slowest call's plan.
 *
 * First of all, the statement bench (statement.bench.ts, its own process and scratch database, so
 * its memory is its own; docs/decisions/082): the 对账单 export of 10,000 deals, time and peak
 * memory, beside raw SQL of the same rows through the same driver. Last,
 * 6. the listing import (import.bench.ts): 5,000 listings with their policies from a workbook,
 *    the dry run and the import beside raw SQL, with their peak memory, in a scratch database of its own.
 *
 * BENCH_SKIP=statement,jobs,dashboard,http,submit,first-load,lighthouse,import leaves parts out (the servers do not start when
 * every part that needs them is left out); BENCH_PORT (3851) is the
 * product's port, raw's the next. Numbers only: a missed goal
 * prints ✗ with its figure and does not fail the run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { presetRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { openDatabase, openPglite, pgliteOptions, type Database } from '../db/client';
import { padDisplay, print, withScratchDatabaseUrl, type Raw } from './bench-support';
import {
  BENCH_PHONE,
  bestOf,
  cannon,
  CONNECTIONS,
  post,
  PRODUCT_ENTRY,
  BENCH_PASSWORD,
  PRODUCTION_ENV,
  replaceDemoPasswords,
  RAW_SERVER_ENTRY,
  ROOT,
  signIn,
  start,
  stop,
  waitUp,
  type Load,
  type Result,
  type Server,
} from './http-load';
import { benchDashboard } from './dashboard.bench';
import { runImportBench } from './import.bench';
import { benchPeriodicJobs } from './periodic-jobs.bench';
import { buildScale, SCALE_KEYWORD, type Scale } from './scale-data';
import { compareSubmits, prepareSubmits } from './submit.bench';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const PAGE_SIZE = 8;
const DEEP_PAGE = 100;
const WEB_ROOT = path.join(ROOT, 'apps/web');
/** The product's port; raw listens on the next one. */
const PORT = Number(process.env.BENCH_PORT ?? 3851);

const GOALS = { ratio: 0.7, p99Ms: 25, deep: 1.5, keyword: 2, submit: 0.5, performance: 95, accessibility: 95, lcpMs: 2000, cls: 0.05 };
const mark = (met: boolean) => (met ? '✓' : '✗');

function scaleOf(kind: 'postgres' | 'pglite'): Scale {
  return {
    reports: Number(process.env.BENCH_REPORTS ?? (kind === 'postgres' ? 1_000_000 : 100_000)),
    listings: Number(process.env.BENCH_LISTINGS ?? 10_000),
    users: Number(process.env.BENCH_USERS ?? 5_000),
  };
}

/** Where the servers find the data: a PostgreSQL URL, or PGlite data directories (one per process: PGlite opens a directory once). */
type Store = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

/** The built web app: BENCH_WEB_DIST, apps/web/dist when built, else a build made into `work`. */
function webDist(work: string): string {
  const given = process.env.BENCH_WEB_DIST ?? path.join(WEB_ROOT, 'dist');
  if (existsSync(path.join(given, '.vite/manifest.json'))) return given;
  const out = path.join(work, 'web-dist');
  print(`\nbuilding the web app into ${out} (no build in ${given})`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: WEB_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the web build failed');
  return out;
}

interface Row {
  load: Load;
  note: string;
  product: Result;
  raw: Result;
}

/** The report list's cursors, walked as the web does: page n's request carries page n-1's nextCursor. */
async function cursorsTo(port: number, auth: Record<string, string>, pages: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const last = Math.max(...pages);
  let cursor: string | null = null;
  for (let page = 1; page < last; page++) {
    const query: string = `page=${page}&pageSize=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await post(port, `/api/record/get-record-list?${query}`, {}, auth);
    cursor = (answer.json.data as { nextCursor: string | null }).nextCursor;
    if (!cursor) throw new Error(`report list: no cursor after page ${page}`);
    if (pages.includes(page + 1)) found.set(page + 1, cursor);
  }
  return found;
}

async function measureHttp(product: Server, raw: Server, session: { companyId: number; token: string; auth: Record<string, string> }): Promise<Row[]> {
  const { auth, token, companyId } = session;
  const houses = await post(product.port, `/api/index/get-house-list?page=1&pageSize=${PAGE_SIZE}`, {}, auth);
  const firstHouse = (houses.json.data as { list: { name: string }[] }).list[0]!;
  const first = await post(product.port, `/api/record/get-record-list?page=1&pageSize=${PAGE_SIZE}`, {}, auth);
  const { list, total } = first.json.data as { list: { id: number }[]; total: number };
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const deep = Math.min(DEEP_PAGE, lastPage);
  const walked = performance.now();
  const cursorOf = await cursorsTo(product.port, auth, [deep, lastPage]);
  print(`the broker's report list: ${total.toLocaleString('en-US')} reports, ${lastPage.toLocaleString('en-US')} pages (cursors walked in ${((performance.now() - walked) / 1000).toFixed(1)} s)`);
  const cursorPage = (page: number) =>
    `/api/record/get-record-list?page=${page}&pageSize=${PAGE_SIZE}${cursorOf.has(page) ? `&cursor=${encodeURIComponent(cursorOf.get(page)!)}` : ''}`;
  const months3 = presetRange(6, new Date())!;
  const searchDate = [shanghaiDay(months3.start), shanghaiDay(new Date(months3.end.getTime() - 1))];
  const loads: (Load & { note?: string })[] = [
    { name: 'house list', path: `/api/index/get-house-list?page=1&pageSize=${PAGE_SIZE}`, body: {} },
    { name: 'house search', path: `/api/index/get-house-list?page=1&pageSize=${PAGE_SIZE}`, body: { keyword: firstHouse.name.slice(0, 2) }, note: `keyword ${firstHouse.name.slice(0, 2)}` },
    { name: 'report list page 1', path: cursorPage(1), body: {} },
    { name: `report list page ${DEEP_PAGE}`, path: cursorPage(deep), body: {}, note: deep < DEEP_PAGE ? `page ${deep}: the list has ${lastPage}` : 'by cursor' },
    { name: 'report list last page', path: cursorPage(lastPage), body: {}, note: `page ${lastPage}, by cursor` },
    { name: 'report list keyword', path: cursorPage(1), body: { keyword: SCALE_KEYWORD }, note: SCALE_KEYWORD },
    { name: 'report list 近3个月', path: cursorPage(1), body: { searchDate } },
    { name: 'report detail', path: '/api/record/get-record-data', body: { id: list[0]!.id } },
    { name: 'check-token', path: '/api/login/check-token', body: {} },
  ];
  const only = process.env.BENCH_ONLY?.split(',');
  const rows: Row[] = [];
  for (const load of loads.filter((l) => !only || only.includes(l.name))) {
    for (const s of [product, raw]) {
      const answer = await post(s.port, load.path, load.body, auth);
      if (answer.status !== 200) throw new Error(`${s.name} ${load.name}: ${answer.status} ${JSON.stringify(answer.json)}`);
      if (WARM_UP > 0) await cannon(s, load, token, companyId, WARM_UP);
    }
    const runs = { product: [] as Result[], raw: [] as Result[] };
    // Product and raw in turn, so that a slower minute of the machine falls on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of [product, raw]) {
        const r = await cannon(s, load, token, companyId, SECONDS);
        if (r.non2xx) throw new Error(`${s.name} ${load.name}: ${r.non2xx} answers that were not 2xx`);
        runs[s.name as 'product' | 'raw'].push(r);
      }
    }
    const row = { load, note: load.note ?? '', product: bestOf(runs.product), raw: bestOf(runs.raw) };
    rows.push(row);
    if (process.env.BENCH_VERBOSE) print(`  ${load.name}: ${row.product.rps.toFixed(0)} / ${row.raw.rps.toFixed(0)} req/s`);
  }
  return rows;
}

function printHttp(rows: Row[]): void {
  print(`\n1. Endpoints: product vs raw (the same service calls without the framework), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s in turn`);
  print(`   best req/s of the rounds; CPU ratio = raw's CPU time per request ÷ the product's; p50/p99 the product's medians,`);
  print(`   raw p99 the bare handler's: at 16 connections the latency is mostly queueing (16 ÷ req/s), so raw's p99 is the floor`);
  print(`   goal: req/s ratio ≥ ${GOALS.ratio.toFixed(2)} and p99 ≤ ${GOALS.p99Ms} ms`);
  const head = `${padDisplay('endpoint', 24)} ${'product r/s'.padStart(11)} ${'raw r/s'.padStart(8)} ${'ratio'.padStart(6)} ${'CPU ratio'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'raw p99'.padStart(7)}  goal`;
  print(head);
  for (const { load, note, product, raw } of rows) {
    const ratio = product.rps / raw.rps;
    const cpu = raw.cpuUs / product.cpuUs;
    const misses = [
      ...(ratio >= GOALS.ratio ? [] : [`ratio ${ratio.toFixed(2)}`]),
      ...(product.p99 <= GOALS.p99Ms ? [] : [`p99 ${product.p99} ms`]),
    ];
    const goal = misses.length ? `✗ ${misses.join(', ')}` : '✓';
    print(
      `${padDisplay(load.name, 24)} ${product.rps.toFixed(0).padStart(11)} ${raw.rps.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(6)} ${cpu.toFixed(2).padStart(9)} ${String(product.p50).padStart(7)} ${String(product.p99).padStart(7)} ${String(raw.p99).padStart(7)}  ${goal}${note ? `  (${note})` : ''}`,
    );
  }
}

/** Page 100, the last page and the keyword against page 1: time per request at saturation (1 ÷ req/s), the product's. */
function printPaging(rows: Row[]): void {
  const of = (name: string) => rows.find((r) => r.load.name === name);
  const first = of('report list page 1');
  if (!first) return;
  print(`\n2. The report list's pages against page 1 (time per request, 1 ÷ req/s, the product's)`);
  for (const [name, limit] of [[`report list page ${DEEP_PAGE}`, GOALS.deep], ['report list last page', GOALS.deep], ['report list keyword', GOALS.keyword]] as const) {
    const row = of(name);
    if (!row) continue;
    const times = first.product.rps / row.product.rps;
    print(`   ${padDisplay(name.replace('report list ', ''), 10)} ${times.toFixed(2)}× page 1  (goal ≤ ${limit}×) ${mark(times <= limit)}`);
  }
}

async function measureSubmitsOn(databaseUrl: string, companyId: number): Promise<void> {
  print(`\n3. Report submits: 16 writers, the service (recordService.submit) against a raw loop of the same transaction`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  // The database is dropped with (force) at the end: idle connections closing then are expected.
  pool.on('error', () => {});
  try {
    const fixture = await prepareSubmits(pool, companyId, 1);
    const r = await compareSubmits(pool, fixture, { writers: 16, seconds: SECONDS, rounds: ROUNDS, onDuty: fixture.auditors });
    const share = r.service / r.raw;
    print(`   service ${r.service.toFixed(0)} reports/s, raw ${r.raw.toFixed(0)} reports/s (medians of ${ROUNDS} rounds of ${SECONDS} s): ${(100 * share).toFixed(0)} %  (goal ≥ ${100 * GOALS.submit} %) ${mark(share >= GOALS.submit)}`);
    if (r.before !== undefined) print(`   before (BENCH_SUBMIT_BEFORE): ${r.before.toFixed(0)} reports/s, ${((100 * r.before) / r.raw).toFixed(0)} % of raw`);
    print(`   errors ${r.errors}  (goal 0) ${mark(r.errors === 0)}; lost reports ${r.lost}  (goal 0) ${mark(r.lost === 0)}; ${r.counts}`);
  } finally {
    await pool.end();
  }
}

interface FirstLoadRow {
  route: string;
  js: number;
  budget: number;
  over: boolean;
}

async function printFirstLoad(dist: string): Promise<void> {
  const script = path.join(WEB_ROOT, 'scripts/first-load.mjs');
  const { measureFirstLoad } = (await import(script)) as { measureFirstLoad: (distDir: string, webRoot: string) => FirstLoadRow[] };
  const rows = measureFirstLoad(dist, WEB_ROOT);
  print(`\n4. First-load JS per route (gzip, entry + page chunk and their static imports), ${dist}`);
  const width = Math.max(...rows.map((r) => r.route.length));
  for (const row of rows) print(`   ${row.route.padEnd(width)} ${(row.js / 1024).toFixed(1).padStart(6)} KiB  (budget ${row.budget} KiB) ${mark(!row.over)}`);
}

interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function printLighthouse(port: number): Promise<void> {
  const script = path.join(WEB_ROOT, 'scripts/lighthouse.mjs');
  const { runLighthouse } = (await import(script)) as {
    runLighthouse: (baseUrl: string, options: { runs: number; account: { phone: string; password: string } }) => Promise<LighthouseRow[]>;
  };
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  const rows = await runLighthouse(`http://127.0.0.1:${port}`, { runs, account: { phone: BENCH_PHONE, password: BENCH_PASSWORD } });
  print(`\n5. Lighthouse, mobile (simulated throttling), median of ${runs} run(s) per page`);
  print(`   goals: performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility}, LCP ≤ ${GOALS.lcpMs / 1000} s, CLS ≤ ${GOALS.cls}`);
  print(`   ${'page'.padEnd(12)} ${'perf'.padStart(6)} ${'a11y'.padStart(6)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(8)}`);
  for (const r of rows) {
    print(
      `   ${r.page.padEnd(12)} ${`${r.performance}${mark(r.performance >= GOALS.performance)}`.padStart(6)} ${`${r.accessibility}${mark(r.accessibility >= GOALS.accessibility)}`.padStart(6)} ${`${(r.lcp / 1000).toFixed(1)} s${mark(r.lcp <= GOALS.lcpMs)}`.padStart(8)} ${`${Math.round(r.tbt)} ms`.padStart(7)} ${`${r.cls.toFixed(3)}${mark(r.cls <= GOALS.cls)}`.padStart(8)}`,
    );
  }
}

/** Parts 0 and 0b (the jobs, the dashboard) on the built data, each unless skipped. */
async function benchBuilt(database: Database, raw: Raw, companyId: number): Promise<void> {
  if (!SKIP.has('jobs')) await benchPeriodicJobs(database, raw);
  if (!SKIP.has('dashboard')) await benchDashboard(database, raw, companyId);
}

/**
 * Builds the data, starts the servers and prints every part not skipped. `built`: the parts
 * before the servers (PGlite runs them within `build`, before it closes its directory: null).
 */
async function run(store: Store, raw: Raw, build: () => Promise<number>, work: string, built: ((companyId: number) => Promise<void>) | null): Promise<void> {
  const scale = scaleOf(store.kind);
  print(`\n=== ${store.kind}: ${scale.reports.toLocaleString('en-US')} reports, ${scale.listings.toLocaleString('en-US')} listings, ${scale.users.toLocaleString('en-US')} accounts; node ${process.version}`);
  const t0 = performance.now();
  const companyId = await build();
  const size = store.kind === 'postgres' ? String((await raw('select pg_size_pretty(pg_database_size(current_database())) as s'))[0]!.s) : '';
  print(`built in ${((performance.now() - t0) / 1000).toFixed(0)} s${size ? `, ${size}` : ''}`);
  if (built) await built(companyId);
  if (['http', 'submit', 'first-load', 'lighthouse'].every((part) => SKIP.has(part))) return;

  const needsWeb = !SKIP.has('first-load') || !SKIP.has('lighthouse');
  const dist = needsWeb ? webDist(work) : path.join(work, 'no-web');
  const productEnv = {
    ...PRODUCTION_ENV,
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    WEB_DIST: dist,
    ...(store.kind === 'postgres' ? { DATABASE_URL: store.databaseUrl } : { DATABASE_URL: '', DATA_DIR: store.dataDir }),
  };
  const servers: Server[] = [];
  try {
    let product = start('product', PORT, [PRODUCT_ENTRY], productEnv, path.join(work, 'product.log'));
    servers.push(product);
    await waitUp(product);
    // Signed in before the raw server opens its copy of a PGlite directory: the session is in both.
    const session = await signIn(product.port);
    let rawDir = '';
    if (store.kind === 'pglite') {
      await stop(product);
      rawDir = `${store.dataDir}-raw`;
      cpSync(store.dataDir, rawDir, { recursive: true });
      product = start('product', PORT, [PRODUCT_ENTRY], productEnv, path.join(work, 'product.log'));
      servers.push(product);
    }
    const bare = start('raw', PORT + 1, [RAW_SERVER_ENTRY], store.kind === 'postgres' ? { DATABASE_URL: store.databaseUrl } : { DATABASE_URL: '', DATA_DIR: rawDir }, path.join(work, 'raw.log'));
    servers.push(bare);
    await waitUp(product);
    await waitUp(bare);

    if (!SKIP.has('http')) {
      const rows = await measureHttp(product, bare, session);
      printHttp(rows);
      printPaging(rows);
    }
    if (!SKIP.has('submit')) {
      if (store.kind === 'postgres') await measureSubmitsOn(store.databaseUrl, companyId);
      else print('\n3. Report submits: skipped on PGlite (one transaction at a time, nothing to compare); set BENCH_DATABASE_URL');
    }
    if (!SKIP.has('first-load')) await printFirstLoad(dist);
    if (!SKIP.has('lighthouse')) await printLighthouse(product.port);
  } finally {
    for (const s of servers) await stop(s);
  }
}

/** The statement bench in a process of its own (its maxRSS is then its own), on the same database server. */
function benchStatement(): void {
  const entry = path.join(ROOT, 'apps/server/src/bench/statement.bench.ts');
  const done = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', entry], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (done.status !== 0) print(`statement bench failed (exit ${done.status})`);
}

/** Parts 0 to 5 on the scale data. */
async function benchAtScale(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const work = mkdtempSync(path.join(tmpdir(), 'baobei-bench-'));
  try {
    if (url) {
      await withScratchDatabaseUrl(url, 'baobei_bench_scale', async (databaseUrl) => {
        const database = openDatabase({ databaseUrl, dataDir: '' });
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const raw: Raw = async (text, params) => (await client.query(text, params)).rows;
        try {
          const version = String((await raw('show server_version'))[0]!.server_version);
          print(`PostgreSQL ${version}, scratch database ${new URL(databaseUrl).pathname.slice(1)} (dropped at the end)`);
          await run({ kind: 'postgres', databaseUrl }, raw, async () => {
            await database.migrate();
            const companyId = await buildScale(database.db, raw, scaleOf('postgres'), print);
            await replaceDemoPasswords(raw);
            return companyId;
          }, work, (companyId) => benchBuilt(database, raw, companyId));
        } finally {
          await client.end();
          await database.close();
        }
      });
      return;
    }
    print('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PGlite, at a size that fits its memory (the goals are for PostgreSQL:');
    print('BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench)');
    const dataDir = path.join(work, 'pglite-data');
    mkdirSync(dataDir);
    const lite = new PGlite(pgliteOptions({ dataDir: `${dataDir}/pglite` }));
    const raw: Raw = async (text, params) => (await lite.query<Record<string, unknown>>(text, params)).rows;
    let closed = false;
    try {
      await run({ kind: 'pglite', dataDir }, raw, async () => {
        const database = openPglite(lite);
        await database.migrate();
        const companyId = await buildScale(database.db, raw, scaleOf('pglite'), print);
        await benchBuilt(database, raw, companyId);
        await replaceDemoPasswords(raw);
        // The servers open the directory themselves.
        await lite.close();
        closed = true;
        return companyId;
      }, work, null);
    } finally {
      if (!closed) await lite.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!SKIP.has('statement')) benchStatement();
  await benchAtScale();
  if (!SKIP.has('import')) await runImportBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
