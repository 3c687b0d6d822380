/**
 * What the HTTP benches share (request-overhead.bench.ts, scale.bench.ts): the bare handlers
 * (`raw`: the product's session lookup and service call without the framework), starting and
 * stopping server processes, and driving them with autocannon at 16 connections while reading
 * the server's CPU time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { houseListFiltersSchema } from '@baobei/shared/schemas/house';
import { decodeRecordListCursor } from '@baobei/shared/schemas/cursor';
import { recordListQuerySchema } from '@baobei/shared/schemas/record-tracking';
import { transitionRulesOf } from '@baobei/shared/rules/record-status';
import { openDatabase, type Db } from '../db/client';
import { ok } from '../lib/envelope';
import { hashPassword } from '../lib/password';
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
import { createUploadRepository } from '../modules/upload/upload-repository';
import { pictureCheck } from '../modules/upload/upload-service';
import { readToken } from '../plugins/auth';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = path.resolve(here, '../..');
export const ROOT = path.resolve(SERVER_DIR, '../..');
/** The product's entry and the bare handlers' entry (raw-server.ts). */
export const PRODUCT_ENTRY = path.join(SERVER_DIR, 'src/main.ts');
export const RAW_SERVER_ENTRY = path.join(here, 'raw-server.ts');
export const BENCH_SECRET = 'bench-request-overhead-secret';
/** The servers listen on 127.0.0.1, the host of the second demo company (fetch cannot set Host). */
export const BENCH_HOST = '127.0.0.1';
/** A broker of that company: a signed-in user with reports of his own. */
export const BENCH_PHONE = '13900000003';
export const CONNECTIONS = 16;
/**
 * The product refuses in production a database whose demo accounts still sign in with the
 * demo password (docs/decisions/058), so a bench gives every account that shares the seed's
 * password hash one of its own before it starts the product, and signs in with it.
 */
export const BENCH_PASSWORD = 'bench-password-058';

/** Every account with the seed's password (BENCH_PHONE's) gets BENCH_PASSWORD instead: one hash, one update. */
export async function replaceDemoPasswords(raw: (text: string, params?: unknown[]) => Promise<unknown>): Promise<void> {
  await raw(
    `update "user" set password_hash = $1 where password_hash = (select password_hash from "user" where phone = $2 limit 1)`,
    [await hashPassword(BENCH_PASSWORD), BENCH_PHONE],
  );
}

/**
 * What production refuses to start without, for a bench's product process: the link secret
 * and an SMS provider's settings. The bench never sends an SMS; the endpoint is a closed local
 * port, so one sent by mistake fails instead of leaving the machine.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  EXTERNAL_LINK_SECRET: BENCH_SECRET,
  SMS_PROVIDER: 'aliyun',
  SMS_SIGN_NAME: 'bench',
  SMS_TEMPLATE_LOGIN_CODE: 'SMS_BENCH',
  SMS_TEMPLATE_PASSWORD_CODE: 'SMS_BENCH',
  SMS_TEMPLATE_PHONE_CHANGE_CODE: 'SMS_BENCH',
  SMS_TEMPLATE_REGISTRATION_APPROVED: 'SMS_BENCH',
  SMS_TEMPLATE_REGISTRATION_REJECTED: 'SMS_BENCH',
  SMS_ALIYUN_ACCESS_KEY_ID: 'bench',
  SMS_ALIYUN_ACCESS_KEY_SECRET: 'bench',
  SMS_ALIYUN_ENDPOINT: 'http://127.0.0.1:9',
};

export type Req = { headers: { authorization?: string }; body: unknown; query: unknown };
type Handler = (request: Req) => Promise<unknown>;

/** The routes' work without the framework: the session lookup and the service call the product makes. */
export async function handlersOn(db: Db): Promise<Record<string, Handler>> {
  const sessions = createSessionRepository(db);
  const company = await createCompanyRepository(db).findByHost(BENCH_HOST);
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
    uploads: pictureCheck(createUploadRepository(db)),
    externalLinkSecret: BENCH_SECRET,
    pictures: createPictureSigner(BENCH_SECRET),
    listings: houses,
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
  // The report list's deep pages come with the cursor of the page before (as the web asks).
  const recordPage = (query: unknown) => {
    const cursor = (query as { cursor?: string }).cursor;
    return { ...page(query), cursor: cursor ? (decodeRecordListCursor(cursor) ?? undefined) : undefined };
  };
  return {
    '/api/index/get-house-list': async (request) =>
      houses.list(company, await userOf(request.headers), { ...houseDefaults, ...(request.body as object) }, page(request.query)),
    '/api/record/get-record-list': async (request) =>
      tracking.recordList(await userOf(request.headers), { ...recordDefaults, ...(request.body as object) }, recordPage(request.query)),
    '/api/record/get-record-data': async (request) =>
      tracking.recordData(await userOf(request.headers), (request.body as { id: number }).id, transitionRulesOf(company)),
    '/api/login/check-token': async (request) => ({ uid: (await userOf(request.headers)).id }),
  };
}

/**
 * The bare handlers (`raw`): Fastify without plugins, schemas or logger, answering
 * JSON.stringify of the envelope. On DATABASE_URL, or on the PGlite in DATA_DIR.
 */
export async function rawServer(): Promise<void> {
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? '' });
  const handlers = await handlersOn(database.db);
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ok({ status: 'up' }));
  for (const [url, handler] of Object.entries(handlers)) app.post(url, async (request: Req) => ok(await handler(request)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
}

export interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  /** Where its output goes (start). */
  logFile: string;
  profileDir?: string;
}

/** The last `chars` characters of a server's log, to show why it did not start. */
export function logTail(server: Server, chars = 3000): string {
  return existsSync(server.logFile) ? readFileSync(server.logFile, 'utf8').slice(-chars) : '(no log)';
}

/**
 * Waits until the server answers its health check (up to `tries` × 100 ms). When it does not
 * come up, or its process ends first, the error carries the end of its log.
 */
export async function waitUp(server: Server, tries = 600): Promise<void> {
  const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
  for (let i = 0; i < tries && !exited(); i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const why = exited() ? `exited (${server.child.exitCode ?? server.child.signalCode})` : `did not answer in ${tries / 10} s`;
  throw new Error(`${server.name} on ${server.port} did not start: ${why}; the end of ${server.logFile}:\n${logTail(server)}`);
}

/** A server process (node with tsx), its output appended to `logFile`. */
export function start(name: string, port: number, args: string[], env: Record<string, string>, logFile: string, profileDir?: string): Server {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { name, port, child, logFile, ...(profileDir ? { profileDir } : {}) };
}

export async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const done = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await done;
}

export interface Load {
  name: string;
  path: string;
  body: unknown;
}

export interface Result {
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

/** autocannon printed nothing (killed, or out of memory on a loaded machine): the round is run again once. */
class EmptyReport extends Error {}

/**
 * autocannon's CLI with its JSON report: 16 connections, `seconds` long; the server's CPU time
 * meanwhile. A round whose report is empty is run once more before the run is given up.
 */
export async function cannon(server: Server, load: Load, token: string, companyId: number, seconds: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const cpuBefore = cpuTimeUs(server.child.pid!);
    try {
      const r = await autocannon(server.port, load, token, companyId, seconds);
      const cpu = cpuTimeUs(server.child.pid!) - cpuBefore;
      return { ...r, cpuUs: cpu / Math.max(1, r.total) };
    } catch (error) {
      if (!(error instanceof EmptyReport) || attempt >= 2) throw error;
      process.stderr.write(`${server.name} ${load.name}: ${error.message}; running the round again\n`);
    }
  }
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
    child.on('exit', (code, signal) => {
      if (!out.trim()) {
        reject(new EmptyReport(`autocannon printed no report (exit ${code ?? signal})`));
        return;
      }
      try {
        const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number };
        resolve({ rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The rounds in one figure: the best requests/s and the least CPU per request (the rounds least
 * disturbed by other work on the machine, which only ever adds), the median latencies.
 */
export const bestOf = (rs: Result[]): Result => ({
  rps: Math.max(...rs.map((r) => r.rps)),
  cpuUs: Math.min(...rs.map((r) => r.cpuUs)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  non2xx: 0,
});

export async function post(port: number, url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: { data: unknown } }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: unknown } };
}

/** The company of BENCH_HOST and a session of BENCH_PHONE, signed in through the server on `port`. */
export async function signIn(port: number): Promise<{ companyId: number; token: string; auth: Record<string, string> }> {
  const companyRes = await fetch(`http://127.0.0.1:${port}/api/index/get-company?host=${BENCH_HOST}`);
  const companyId = ((await companyRes.json()) as { data: { companyId: number } }).data.companyId;
  const headers = { companyid: String(companyId) };
  const signed = await post(port, '/api/login/sign', { username: BENCH_PHONE, password: BENCH_PASSWORD }, headers);
  if (signed.status !== 200) throw new Error(`sign-in: ${signed.status} ${JSON.stringify(signed.json)}`);
  const token = (signed.json.data as { token: string }).token;
  return { companyId, token, auth: { ...headers, authorization: token } };
}
