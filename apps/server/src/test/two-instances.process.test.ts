import { randomBytes, randomInt } from 'node:crypto';
import { request } from 'node:http';
import { and, asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { openDatabase, type Database } from '../db/client';
import { company, house, record, user } from '../db/schema';
import { AUTH_LIMITS } from '../modules/auth/auth-service';
import { createPictureSigner } from '../modules/upload/picture-signer';
import { startTestS3, testS3Settings } from '../modules/upload/storage/test-s3-server';
import { TENANT_CACHE_MS } from '../plugins/tenant';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from './accounts';
import { multipartFile, TINY_PNG } from './multipart';
import { reportSubmitPayload } from './records';
import { scratchPostgres } from './scratch-postgres';
import { startServer, type ServerProcess } from './server-process';

/**
 * Issue 14, item 6: two server processes behind one load balancer share everything a caller
 * can notice, since sessions, limits, idempotency keys, picture codes and uploads live in
 * PostgreSQL, Redis and S3, never in a process. Needs a PostgreSQL and a Redis (CI has both).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const SECRET = 'two-instances-test-secret-0123456789abcdef';
if (!ADMIN_URL || !REDIS_URL) {
  console.warn('two-instances test skipped: it needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis)');
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { code?: number; msg?: string; data?: Record<string, unknown> };
}

/** Each run's own client address (believed through TRUST_PROXY=loopback), so no other run's counts touch it. */
const clientIp = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
/** The failing sign-ins' address: its count stays, and must not ask the other tests' sign-ins for a picture code. */
const guessingIp = `198.19.${randomInt(256)}.${randomInt(1, 255)}`;
let a: ServerProcess;
let b: ServerProcess;
let s3: Awaited<ReturnType<typeof startTestS3>>;
let database: Database;
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
let redis: Redis;
let companyId: number;

/** A call as the app on page host localhost makes it (node:http, since fetch cannot set Host). */
function call(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; json?: object; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.json ? Buffer.from(JSON.stringify(options.json)) : options.body;
  const headers: Record<string, string> = {
    host: 'localhost',
    'x-forwarded-for': clientIp,
    ...(companyId ? { companyid: String(companyId) } : {}),
    ...(options.json ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: options.token } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (c: Buffer) => chunks.push(c));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Answer['body'] = {};
        try {
          parsed = JSON.parse(text) as Answer['body'];
        } catch {
          // not JSON (a redirect's empty body)
        }
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: parsed });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(server: ServerProcess, phone: string, extra: Record<string, string> = {}, from = clientIp): Promise<Answer> {
  return call(server, 'POST', '/api/login/sign', { json: { username: phone, password: '123456', ...extra }, headers: { 'x-forwarded-for': from } });
}

async function tokenOn(server: ServerProcess, phone: string): Promise<string> {
  const res = await signIn(server, phone);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data?.token as string;
}

async function userId(phone: string): Promise<number> {
  const [row] = await database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.phone, phone)));
  return row!.id;
}

describe.runIf(Boolean(ADMIN_URL && REDIS_URL))('two instances on one PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    scratch = await scratchPostgres(ADMIN_URL!, 'two');
    const url = new URL(scratch.url);
    s3 = await startTestS3();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      SEED_DEMO: '1',
      EXPOSE_DEV_SMS: '1',
      TRUST_PROXY: 'loopback',
      EXTERNAL_LINK_SECRET: SECRET,
      ...testS3Settings(s3.endpoint),
    };
    // Started together on an empty database: one migrates and seeds, the other waits and finds it done.
    const started = await Promise.allSettled([startServer(env, 120_000), startServer(env, 120_000)]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      throw failed.reason;
    }
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
    database = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const [demo] = await database.db.select({ id: company.id }).from(company).orderBy(asc(company.id)).limit(1);
    companyId = demo!.id;
    redis = new Redis(REDIS_URL!);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.quit();
    await database?.close();
    await s3?.close();
    await scratch?.drop();
  }, 60_000);

  it('start together on an empty database: migrated and seeded once', async () => {
    const companies = await database.db.select({ id: company.id }).from(company);
    const seeded = await database.db.select({ id: user.id }).from(user).where(eq(user.phone, DEMO_ACCOUNTS.broker));
    expect(companies).toHaveLength(2);
    expect(seeded).toHaveLength(1);
  });

  it('a token from A works on B, and a sign-out on B ends it on A', async () => {
    const token = await tokenOn(a, DEMO_ACCOUNTS.channel);
    const onB = await call(b, 'POST', '/api/login/check-token', { token });
    expect(onB.status).toBe(200);
    expect(onB.body.data?.uid).toBe(await userId(DEMO_ACCOUNTS.channel));
    expect((await call(b, 'POST', '/api/login/logout', { token })).status).toBe(200);
    const onA = await call(a, 'POST', '/api/login/check-token', { token });
    expect(onA.status).toBe(401);
    expect(onA.body.msg).toBe(messages.common.loginExpired);
  });

  it('an upload made on A is served by B (a signed link redirected to the bucket)', async () => {
    const token = await tokenOn(a, DEMO_ACCOUNTS.broker);
    const uploaded = await call(a, 'POST', '/api/upload/index', { token, ...toBody(multipartFile(TINY_PNG, 'id.png', 'image/png')) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const key = uploadKeyOf(uploaded.body.data?.url as string)!;
    const link = createPictureSigner(SECRET).sign(`/uploads/${key}`);
    const onB = await call(b, 'GET', link);
    expect(onB.status).toBe(302);
    const picture = await fetch(onB.headers.location as string);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('sign-in failures count on both: after 5 (alternating A and B) a picture code issued by A is checked by B, once', async () => {
    const phone = DEMO_ACCOUNTS.manager;
    await redis.del(`baobei:rate:login-fail:${companyId}:${phone}`, `baobei:rate:login-fail-ip:${guessingIp}`, `baobei:rate:login-fail-ip-hour:${guessingIp}`);
    const needs: boolean[] = [];
    for (let i = 0; i < AUTH_LIMITS.loginFailuresBeforeCaptcha; i += 1) {
      const res = await signIn(i % 2 === 0 ? a : b, phone, { password: 'wrong-password' }, guessingIp);
      expect(res.body.msg).toBe(messages.login.wrongPassword);
      needs.push(res.body.data?.needVerifyCode as boolean);
    }
    expect(needs).toEqual([false, false, false, false, true]);
    const asked = await signIn(a, phone, {}, guessingIp);
    expect(asked.body.msg).toBe(messages.login.pictureCodeNeeded);

    const issued = await call(a, 'GET', '/api/login/verify-code', { headers: { 'x-forwarded-for': guessingIp } });
    const sn = issued.body.data?.sn as string;
    const verifyCode = (await call(a, 'GET', `/api/dev/captcha?sn=${sn}`)).body.data?.code as string;
    expect((await signIn(b, phone, { sn, verifyCode }, guessingIp)).status).toBe(200);
    // Used up on B, so A refuses it; a success on B cleared the phone's count for A too.
    const reused = await signIn(a, phone, { password: 'wrong-password', sn, verifyCode }, guessingIp);
    expect(reused.body.msg).toBe(messages.login.pictureCodeExpired);
  });

  it('a rate limit counts calls to both: the 6th wrong old password answers 429 whichever instance gets it', async () => {
    const phone = DEMO_ACCOUNTS.channelManager;
    await redis.del(`baobei:rate:change-password-fail:${await userId(phone)}`);
    const token = await tokenOn(a, phone);
    const change = (server: ServerProcess, old: string) =>
      call(server, 'POST', '/api/user/change-password', { token, json: { oldPassword: old, password: 'new-pass-2468', passwordMore: 'new-pass-2468' } });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMITS.changePasswordFailures; i += 1) statuses.push((await change(i % 2 === 0 ? a : b, 'wrong-old')).status);
    expect(statuses).toEqual(Array(AUTH_LIMITS.changePasswordFailures).fill(400));
    expect((await change(b, '123456')).status).toBe(429);
    expect((await change(a, '123456')).status).toBe(429);
    expect(await redis.get(`baobei:rate:change-password-fail:${await userId(phone)}`)).toBe(String(AUTH_LIMITS.changePasswordFailures));
  });

  it('an Idempotency-Key replays across them: the same answer from B, one report', async () => {
    const [listing] = await database.db
      .select()
      .from(house)
      .where(and(eq(house.companyId, companyId), eq(house.active, true)))
      .orderBy(asc(house.id))
      .limit(1);
    await database.db
      .update(house)
      .set({ ruleTel: 'FULL', isNeedIdCard: false, reportLeadTime: 30, reportProtectHours: 72 })
      .where(eq(house.id, listing!.id));
    const phone = `1660000${String(randomInt(10_000)).padStart(4, '0')}`;
    const payload = reportSubmitPayload([listing!.id], { name: '张三', phone });
    const headers = { 'idempotency-key': `two-instances-${randomBytes(6).toString('hex')}` };
    const token = await tokenOn(a, DEMO_ACCOUNTS.broker);
    const first = await call(a, 'POST', '/api/record/post-record-data', { token, json: payload, headers });
    const second = await call(b, 'POST', '/api/record/post-record-data', { token, json: payload, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    const rows = await database.db.select({ id: record.id }).from(record).where(eq(record.customerPhone, phone));
    expect(rows.map((r) => r.id)).toEqual(first.body.data?.recordIds);
    expect(rows).toHaveLength(1);

    // A report audited on A shows its new status on B at once.
    const id = rows[0]!.id;
    const auditor = await tokenOn(a, DEMO_ACCOUNTS.auditorAdmin);
    const before = await call(b, 'POST', '/api/record/get-record-data', { token, json: { id } });
    expect(before.body.data?.approvalStatus).toBe('RECORDSTART');
    const audited = await call(a, 'POST', '/api/record/submit-record-audit-data', {
      token: auditor,
      json: { id, approvalStatus: 'RECORDSTANDBY', version: 1, reback: false, approvalResult: '审核意见', visitTime: '' },
    });
    expect(audited.status, JSON.stringify(audited.body)).toBe(200);
    const after = await call(b, 'POST', '/api/record/get-record-data', { token, json: { id } });
    expect(after.status).toBe(200);
    expect(after.body.data?.approvalStatus).toBe('RECORDSTANDBY');
  });

  it("a brand change made in the console on A: B's company answer has it at once, B's cached settings within the cache lifetime", async () => {
    // Issue 15 item 3 (decision 039): the company answer reads the database on every call; the
    // tenant rows behind the init config are cached per instance for TENANT_CACHE_MS, cleared only
    // on the instance that made the change.
    const sign = await call(a, 'POST', '/api/admin/auth/sign', { json: { phone: CONSOLE_ACCOUNTS.operator, password: '123456' } });
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
    const token = sign.body.data?.token as string;
    const brand = await call(a, 'GET', '/api/admin/company/get-brand', { token });
    const before = brand.body.data as { version: number; color: string; maxCustomersPerReport: number };
    const colour = before.color === '#2e86de' ? '#27ae60' : '#2e86de';
    const max = before.maxCustomersPerReport === 6 ? 7 : 6;
    const initOn = async (server: ServerProcess) => (await call(server, 'GET', '/api/index/get-common-init-config')).body.data?.maxCustomersPerReport;
    const colourOn = async (server: ServerProcess) => (await call(server, 'GET', '/api/index/get-company?host=localhost')).body.data?.color;

    // B holds the company row in its cache.
    expect(await initOn(b)).toBe(before.maxCustomersPerReport);
    const cachedAt = Date.now();
    const saved = await call(a, 'POST', '/api/admin/company/update-brand', { token, json: { version: before.version, color: colour, maxCustomersPerReport: max } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();

    // A cleared its caches; B's company answer (the mobile app's next load) reads the database.
    expect(await initOn(a)).toBe(max);
    expect(await colourOn(b)).toBe(colour);
    // B's cached row is still the old one while its entry lives (unless this machine took the lifetime already).
    const stale = await initOn(b);
    if (Date.now() - cachedAt < TENANT_CACHE_MS - 1000) expect(stale).toBe(before.maxCustomersPerReport);
    // ... and B reads the change once the entry has expired: within the lifetime, plus a margin for the calls.
    await expect.poll(() => initOn(b), { timeout: TENANT_CACHE_MS + 3000, interval: 250 }).toBe(max);
    expect(Date.now() - changedAt).toBeLessThan(TENANT_CACHE_MS + 3000);

    const back = await call(a, 'POST', '/api/admin/company/update-brand', {
      token,
      json: { version: before.version + 1, color: before.color, maxCustomersPerReport: before.maxCustomersPerReport },
    });
    expect(back.status).toBe(200);
  }, 30_000);
});

function toBody(part: { payload: Buffer; headers: Record<string, string> }): { body: Buffer; headers: Record<string, string> } {
  return { body: part.payload, headers: part.headers };
}
