/**
 * What a request costs besides its SQL (issue 13, item 5; docs/decisions/032). On PostgreSQL,
 * in a scratch database with the demo data (dropped at the end), it starts
 * - the product: `src/main.ts` with NODE_ENV=production, logging to a file as it would in
 *   production;
 * - `raw`, bare Fastify handlers (this file with `raw-server`): no plugins, schemas or logger,
 *   the tenant resolved once at start; per request the same session lookup and service call
 *   as the product's route (the same repositories, so the same SQL built the same way),
 *   answered with JSON.stringify;
 * - `sql`, the floor (this file with `sql-server`): the statements and parameters those calls
 *   send, captured once through drizzle's logger, replayed per request through pg as they are
 *   (nothing built, nothing mapped), every row answered as JSON;
 * and drives five calls of a signed-in broker (house list, house search, report list, report
 * detail, check-token) with autocannon at 16 connections, every server in turn for each round,
 * printing the best requests/s and least CPU time per request of the rounds (the server
 * process's user + system time: unlike requests/s, hardly moved by other work on the
 * machine), their ratios to raw's and sql's, and the median p50/p99 latency.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/src/bench/request-overhead.bench.ts
 *
 * BENCH_BEFORE=<dir of another apps/server> also runs that version's product (a copy of an
 * older commit with node_modules linked beside it), for before/after in one run;
 * BENCH_VARIANTS=label=dir,… more versions (an experiment in a copy). BENCH_PROFILE=1 starts
 * the products with `node --cpu-prof` and prints where their time went (self time by package,
 * top functions, inclusive time). BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3),
 * BENCH_ONLY=<call names, comma-separated>, BENCH_VERBOSE=1 prints every round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { houseListFiltersSchema } from '@baobei/shared/schemas/house';
import { recordListQuerySchema } from '@baobei/shared/schemas/record-tracking';
import { transitionRulesOf } from '@baobei/shared/rules/record-status';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { openDatabase, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seedDemo } from '../db/seed/seed-demo';
import { ok } from '../lib/envelope';
import { createSessionRepository } from '../modules/auth/session-repository';
import { createCityRepository } from '../modules/city/city-repository';
import { createCityService } from '../modules/city/city-service';
import { createCompanyRepository } from '../modules/company/company-repository';
import { createFavoriteRepository } from '../modules/house/favorite-repository';
import { createFeatureRepository } from '../modules/house/feature-repository';
import { createHouseRepository } from '../modules/house/house-repository';
import { createHouseService } from '../modules/house/house-service';
import { createShareRepository } from '../modules/house/share-repository';
import { createRecordRepository } from '../modules/record/record-repository';
import { createRecordTrackingRepository } from '../modules/record/record-tracking-repository';
import { createRecordTrackingService } from '../modules/record/record-tracking-service';
import { createPictureSigner } from '../modules/upload/picture-signer';
import { readToken } from '../plugins/auth';
import { print, withScratchDatabaseUrl } from './bench-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(here, '../..');
const ROOT = path.resolve(SERVER_DIR, '../..');
const SECRET = 'bench-request-overhead-secret';
/** The servers listen on 127.0.0.1, the host of the second demo company (fetch cannot set Host). */
const HOST = '127.0.0.1';
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Runs per server and endpoint, in turn (see bestOf). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A broker of that company: a signed-in user with reports of his own. */
const PHONE = '13900000003';


type Req = { headers: { authorization?: string }; body: unknown; query: unknown };
type Handler = (request: Req) => Promise<unknown>;

/** The routes' work without the framework: the session lookup and the service call the product makes. */
async function handlersOn(db: Db): Promise<Record<string, Handler>> {
  const sessions = createSessionRepository(db);
  const company = await createCompanyRepository(db).findByHost(HOST);
  if (!company) throw new Error('raw: no company');
  const houses = createHouseService({
    houses: createHouseRepository(db),
    favorites: createFavoriteRepository(db),
    features: createFeatureRepository(db),
    cities: createCityService({ cities: createCityRepository(db) }),
    shares: createShareRepository(db),
  });
  const tracking = createRecordTrackingService({
    db,
    tracking: createRecordTrackingRepository(db),
    records: createRecordRepository(db),
    externalLinkSecret: SECRET,
    pictures: createPictureSigner(SECRET),
  });
  // What the product's validation makes of an empty body, worked out once.
  const houseDefaults = houseListFiltersSchema.parse({});
  const recordDefaults = recordListQuerySchema.parse({});
  const userOf = async (headers: { authorization?: string }) => {
    const user = await sessions.findUser(readToken(headers.authorization) ?? '', company.id);
    if (!user) throw Object.assign(new Error('no session'), { statusCode: 401 });
    return user;
  };
  const page = (query: unknown) => {
    const q = query as { page?: string; pageSize?: string };
    return { page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 8) };
  };
  return {
    '/api/index/get-house-list': async (request) =>
      houses.list(company, await userOf(request.headers), { ...houseDefaults, ...(request.body as object) }, page(request.query)),
    '/api/record/get-record-list': async (request) =>
      tracking.recordList(await userOf(request.headers), { ...recordDefaults, ...(request.body as object) }, page(request.query)),
    '/api/record/get-record-data': async (request) =>
      tracking.recordData(await userOf(request.headers), (request.body as { id: number }).id, transitionRulesOf(company)),
    '/api/login/check-token': async (request) => ({ uid: (await userOf(request.headers)).id }),
  };
}

/** The bare handlers (`raw`): Fastify without plugins, schemas or logger, answering JSON.stringify of the envelope. */
async function rawServer(): Promise<void> {
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' });
  const handlers = await handlersOn(database.db);
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ok({ status: 'up' }));
  for (const [url, handler] of Object.entries(handlers)) app.post(url, async (request: Req) => ok(await handler(request)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements one call of each handler sends, as drizzle writes them (the bench's `sql` server replays them). */
async function captureStatements(databaseUrl: string, calls: { url: string; request: Req }[]): Promise<Record<string, Statement[]>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let log: Statement[] = [];
  const db = drizzlePg(pool, { schema, logger: { logQuery: (sql, params) => void log.push({ sql, params }) } }) as unknown as Db;
  const handlers = await handlersOn(db);
  const statements: Record<string, Statement[]> = {};
  for (const { url, request } of calls) {
    log = [];
    await handlers[url]!(request);
    statements[`${url} ${JSON.stringify(request.body)}`] = log;
  }
  await pool.end();
  return statements;
}

/**
 * The floor (`sql`): the product's statements with their parameters sent as they are through pg
 * (no query building, no mapping), every row answered as JSON: what serving the same SQL costs.
 */
async function sqlServer(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 10 });
  const statements = JSON.parse(readFileSync(process.env.BENCH_STATEMENTS!, 'utf8')) as Record<string, Statement[]>;
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ok({ status: 'up' }));
  const urls = new Set(Object.keys(statements).map((key) => key.split(' ')[0]!));
  for (const url of urls) {
    app.post(url, async (request: Req) => {
      const run = statements[`${url} ${JSON.stringify(request.body)}`];
      if (!run) throw new Error(`sql: no statements for ${url} ${JSON.stringify(request.body)}`);
      const rows: unknown[] = [];
      for (const statement of run) rows.push((await pool.query(statement.sql, statement.params)).rows);
      return ok(rows);
    });
  }
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  profileDir?: string;
}

async function waitUp(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

function start(name: string, port: number, args: string[], env: Record<string, string>, logFile: string, profileDir?: string): Server {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { name, port, child, ...(profileDir ? { profileDir } : {}) };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const done = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await done;
}

interface Load {
  name: string;
  path: string;
  body: unknown;
}

interface Result {
  rps: number;
  /** CPU time of the server process (user + system) per answered request, in microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** User + system CPU time of a process so far, in microseconds (Linux /proc; clock ticks of 10 ms). */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 and 15 of stat(5), counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** autocannon's CLI with its JSON report: 16 connections, SECONDS long; the server's CPU time meanwhile. */
async function cannon(server: Server, load: Load, token: string, companyId: number, seconds = SECONDS): Promise<Result> {
  const cpuBefore = cpuTimeUs(server.child.pid!);
  const r = await autocannon(server.port, load, token, companyId, seconds);
  const cpu = cpuTimeUs(server.child.pid!) - cpuBefore;
  return { ...r, cpuUs: cpu / Math.max(1, r.total) };
}

function autocannon(port: number, load: Load, token: string, companyId: number, seconds: number): Promise<Omit<Result, 'cpuUs'> & { total: number }> {
  const args = [
    path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
    '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-m', 'POST',
    '-H', `companyid=${companyId}`, '-H', `authorization=${token}`, '-H', 'content-type=application/json',
    '-b', JSON.stringify(load.body),
    `http://127.0.0.1:${port}${load.path}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number };
        resolve({ rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/**
 * The rounds in one figure: the best requests/s and the least CPU per request (the rounds least
 * disturbed by other work on the machine, which only ever adds), the median latencies.
 */
const bestOf = (rs: Result[]): Result => ({
  rps: Math.max(...rs.map((r) => r.rps)),
  cpuUs: Math.min(...rs.map((r) => r.cpuUs)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  non2xx: 0,
});

async function post(port: number, url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: { data: unknown } }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: unknown } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

/** Self time of a --cpu-prof profile by package (or our own file) and its top functions. */
function summariseProfile(dir: string): void {
  // tsx's loader runs in a thread of its own, with a profile of its own: the busiest is the server's.
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => {
      const profile = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
      const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
      return { file: f, profile, busy: profile.samples.filter((id) => !idle.has(id)).length };
    })
    .sort((a, b) => b.busy - a.busy);
  const top = profiles[0];
  if (!top) {
    print(`no profile in ${dir}`);
    return;
  }
  const { file, profile } = top;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const group = (url: string, name: string): string => {
    if (!url) return name === '(idle)' || name === '(program)' || name === '(garbage collector)' ? name : '(native)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1]!;
    if (url.startsWith('node:')) return 'node:internal';
    const own = /\/(apps|packages)\/(.+)$/.exec(url);
    return own ? own[2]! : url;
  };
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, n] of counts) {
    const node = byId.get(id)!;
    const { url, functionName, lineNumber } = node.callFrame;
    const g = group(url, functionName);
    packages.set(g, (packages.get(g) ?? 0) + n);
    const f = `${functionName || '(anonymous)'} ${g}:${lineNumber + 1}`;
    functions.set(f, (functions.get(f) ?? 0) + n);
  }
  // Inclusive time: every function on the stack of a sample, once per sample.
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (ProfileNode & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, n] of counts) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName, lineNumber } = byId.get(at)!.callFrame;
      if (!url) continue;
      seen.add(`${functionName || '(anonymous)'} ${group(url, functionName)}:${lineNumber + 1}`);
    }
    for (const f of seen) inclusive.set(f, (inclusive.get(f) ?? 0) + n);
  }
  const busy = total - (packages.get('(idle)') ?? 0);
  const pct = (n: number) => `${((100 * n) / busy).toFixed(1).padStart(5)}%`;
  print(`\nprofile ${path.basename(file)}: ${total} samples, ${busy} busy; self time of busy samples by package/file`);
  for (const [g, n] of [...packages].filter(([g]) => g !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 25)) print(`  ${pct(n)}  ${g}`);
  print('top functions (self)');
  for (const [f, n] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) if (!f.startsWith('(idle)')) print(`  ${pct(n)}  ${f}`);
  print('top functions (inclusive), outside node_modules and node itself');
  const ours = [...inclusive].filter(([f]) => !/node:internal|^\(/.test(f) && !/ (?:@[^/ ]+\/)?[a-z0-9.-]+:\d+$/.test(f) || /(fastify|pino|zod|fast-json-stringify|drizzle-orm|pg|avvio|light-my-request|find-my-way|@fastify\/[a-z-]+):\d+$/.test(f));
  for (const [f, n] of ours.sort((a, b) => b[1] - a[1]).slice(0, 60)) print(`  ${pct(n)}  ${f}`);
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL (a PostgreSQL URL whose user may create databases) is required');
  await withScratchDatabaseUrl(url, 'baobei_bench_overhead', (databaseUrl) => measure(databaseUrl));
}

/** The PostgreSQL server's version, for the table's heading. */
async function serverVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  } finally {
    await client.end();
  }
}

/** Everything the bench runs on its scratch database. */
async function measure(databaseUrl: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'baobei-overhead-'));
  const servers: Server[] = [];
  try {
    const database = openDatabase({ databaseUrl, dataDir: '' });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();

    const productEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      EXTERNAL_LINK_SECRET: SECRET,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      WEB_DIST: path.join(work, 'no-web'),
    };
    const profile = process.env.BENCH_PROFILE === '1';
    const others = (process.env.BENCH_VARIANTS ?? '')
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const [label = '', dir = ''] = entry.split('=');
        return { label, dir: path.resolve(dir) };
      });
    const products: { label: string; dir: string }[] = [
      ...(process.env.BENCH_BEFORE ? [{ label: 'before', dir: path.resolve(process.env.BENCH_BEFORE) }] : []),
      { label: process.env.BENCH_BEFORE ? 'after' : 'product', dir: SERVER_DIR },
      ...others,
    ];
    let port = 3811;
    for (const p of products) {
      servers.push(start(p.label, port++, [path.join(p.dir, 'src/main.ts')], productEnv, path.join(work, `${p.label}.log`), profile ? path.join(work, `prof-${p.label}`) : undefined));
    }
    for (const s of servers) await waitUp(s.port);

    // Sign in through the product; the session is in the database both serve from.
    const first = servers[0]!;
    const companyRes = await fetch(`http://127.0.0.1:${first.port}/api/index/get-company?host=${HOST}`);
    const companyId = ((await companyRes.json()) as { data: { companyId: number } }).data.companyId;
    const headers = { companyid: String(companyId) };
    const signed = await post(first.port, '/api/login/sign', { username: PHONE, password: '123456' }, headers);
    if (signed.status !== 200) throw new Error(`sign-in: ${signed.status} ${JSON.stringify(signed.json)}`);
    const token = (signed.json.data as { token: string }).token;
    const auth = { ...headers, authorization: token };
    const houseList = await post(first.port, '/api/index/get-house-list?page=1&pageSize=8', {}, auth);
    const firstHouse = (houseList.json.data as { list: { name: string }[] }).list[0]!;
    const records = await post(first.port, '/api/record/get-record-list?page=1&pageSize=8', {}, auth);
    const firstRecord = (records.json.data as { list: { id: number }[] }).list[0]!;

    const only = process.env.BENCH_ONLY?.split(',');
    const loads: Load[] = [
      { name: 'house list', path: '/api/index/get-house-list?page=1&pageSize=8', body: {} },
      { name: 'house search', path: '/api/index/get-house-list?page=1&pageSize=8', body: { keyword: firstHouse.name.slice(0, 2) } },
      { name: 'report list', path: '/api/record/get-record-list?page=1&pageSize=8', body: {} },
      { name: 'report detail', path: '/api/record/get-record-data', body: { id: firstRecord.id } },
      { name: 'check-token', path: '/api/login/check-token', body: {} },
    ].filter((load) => !only || only.includes(load.name));

    // The bare handlers, and the floor replaying the statements the handlers send for these calls.
    const statementsFile = path.join(work, 'statements.json');
    const calls = loads.map((load) => {
      const [url = '', search = ''] = load.path.split('?');
      return { url, request: { headers: { authorization: token }, body: load.body, query: Object.fromEntries(new URLSearchParams(search)) } };
    });
    writeFileSync(statementsFile, JSON.stringify(await captureStatements(databaseUrl, calls)));
    const bare = [
      start('raw', port++, [fileURLToPath(import.meta.url), 'raw-server'], { DATABASE_URL: databaseUrl }, path.join(work, 'raw.log')),
      start('sql', port++, [fileURLToPath(import.meta.url), 'sql-server'], { DATABASE_URL: databaseUrl, BENCH_STATEMENTS: statementsFile }, path.join(work, 'sql.log')),
    ];
    servers.push(...bare);
    for (const s of bare) await waitUp(s.port);
    // The same answer from every server (apart from the raw one's lack of schema stripping).
    for (const load of loads) {
      for (const s of servers) {
        const r = await post(s.port, load.path, load.body, auth);
        if (r.status !== 200) throw new Error(`${s.name} ${load.name}: ${r.status}`);
      }
    }

    print(`PostgreSQL ${await serverVersion(databaseUrl)}, node ${process.version}, ${CONNECTIONS} connections, ${ROUNDS} runs of ${SECONDS} s each, in turn (after 2 s of warm-up): best req/s and CPU per request, median latencies`);
    print('\nReq/s ratio: the server\'s requests/s ÷ the bare server\'s. CPU ratio: the bare server\'s CPU time per request ÷');
    print('the server\'s, what it would serve where its own CPU is the limit (unlike requests/s, hardly moved by other work');
    print('on the machine). Against raw (the same session lookup and service call, no framework) and against sql (the');
    print('same statements sent by pg, rows answered as they come: the floor of serving the same SQL).');
    print(`\n${'endpoint'.padEnd(14)} ${'server'.padEnd(12)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'µs CPU/req'.padStart(11)}  ${'vs raw: req/s'.padStart(13)} ${'CPU'.padStart(5)}  ${'vs sql: req/s'.padStart(13)} ${'CPU'.padStart(5)}`);
    for (const load of loads) {
      for (const s of servers) await cannon(s, load, token, companyId, 2);
      // Rounds in turn, so that a slower minute of the machine falls on every server alike.
      const runs = new Map<string, Result[]>(servers.map((s) => [s.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const s of servers) {
          const r = await cannon(s, load, token, companyId);
          if (r.non2xx) throw new Error(`${s.name} ${load.name}: ${r.non2xx} answers that were not 2xx`);
          runs.get(s.name)!.push(r);
          if (process.env.BENCH_VERBOSE) print(`  ${load.name} ${s.name} round ${round + 1}: ${r.rps.toFixed(0)} req/s, ${r.cpuUs.toFixed(0)} µs CPU/req, p50 ${r.p50} ms, p99 ${r.p99} ms`);
        }
      }
      const results = new Map([...runs].map(([server, rs]) => [server, bestOf(rs)]));
      const ratios = (r: Result, bare: Result) => `${(r.rps / bare.rps).toFixed(2).padStart(13)} ${(bare.cpuUs / r.cpuUs).toFixed(2).padStart(5)}`;
      for (const [server, r] of results) {
        const vs = server === 'raw' || server === 'sql' ? '' : `  ${ratios(r, results.get('raw')!)}  ${ratios(r, results.get('sql')!)}`;
        print(`${load.name.padEnd(14)} ${server.padEnd(12)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.cpuUs.toFixed(0).padStart(11)}${vs}`);
      }
    }
    for (const p of products) {
      const size = statSync(path.join(work, `${p.label}.log`)).size;
      print(`\n${p.label}: ${(size / 1024 / 1024).toFixed(1)} MB of log`);
    }
  } finally {
    for (const s of servers) await stop(s);
    for (const s of servers) if (s.profileDir) summariseProfile(s.profileDir);
  }
}

if (process.argv[2] === 'raw-server' || process.argv[2] === 'sql-server') {
  (process.argv[2] === 'raw-server' ? rawServer() : sqlServer()).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
