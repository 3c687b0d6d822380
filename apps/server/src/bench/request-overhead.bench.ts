/**
 * What a request costs besides its SQL (issue 13, item 5; docs/decisions/032). On PostgreSQL,
 * in a scratch database with the demo data (dropped at the end), it starts
 * - the product: `src/main.ts` with NODE_ENV=production, logging to a file as it would in
 *   production;
 * - `raw`, bare Fastify handlers (http-load.ts, started through raw-server.ts): no plugins, schemas or logger,
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
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { openDatabase, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seedDemo } from '../db/seed/seed-demo';
import { ok } from '../lib/envelope';
import { print, withScratchDatabaseUrl } from './bench-support';
import {
  bestOf,
  cannon as cannonFor,
  handlersOn,
  post,
  PRODUCTION_ENV,
  RAW_SERVER_ENTRY,
  replaceDemoPasswords,
  SERVER_DIR,
  signIn,
  start,
  stop,
  waitUp,
  CONNECTIONS,
  type Load,
  type Req,
  type Result,
  type Server,
} from './http-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Runs per server and endpoint, in turn (see bestOf). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const cannon = (server: Server, load: Load, token: string, companyId: number, seconds = SECONDS) => cannonFor(server, load, token, companyId, seconds);



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
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await replaceDemoPasswords((text, params) => client.query(text, params));
    await client.end();

    const productEnv = {
      ...PRODUCTION_ENV,
      DATABASE_URL: databaseUrl,
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
    for (const s of servers) await waitUp(s);

    // Sign in through the product; the session is in the database both serve from.
    const first = servers[0]!;
    const { companyId, token, auth } = await signIn(first.port);
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
      start('raw', port++, [RAW_SERVER_ENTRY], { DATABASE_URL: databaseUrl }, path.join(work, 'raw.log')),
      start('sql', port++, [fileURLToPath(import.meta.url), 'sql-server'], { DATABASE_URL: databaseUrl, BENCH_STATEMENTS: statementsFile }, path.join(work, 'sql.log')),
    ];
    servers.push(...bare);
    for (const s of bare) await waitUp(s);
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

if (process.argv[2] === 'sql-server') {
  sqlServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
