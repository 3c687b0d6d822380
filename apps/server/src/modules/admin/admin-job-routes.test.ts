import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { messages } from '@baobei/shared/messages';
import { adminAuthMessages } from '@baobei/shared/messages/admin';
import { queryRows } from '../../db/client';
import { jobFailure } from '../../db/schema';
import { createJobFailureRepository } from '../../jobs/job-failure-repository';
import { createJobQueue } from '../../jobs/job-queue';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * 后台任务 (issue 17, item 1; docs/decisions/056): a failed job is visible in the console. A job
 * about a report keeps the report's company; an operator sees its company's failures only, a
 * platform administrator every failure, the instance's own jobs included.
 */

let t: TestApp;
let companyA = 0;
let companyB = 0;

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });

interface Item {
  id: number;
  queue: string;
  jobId: string;
  attempt: number;
  final: boolean;
  error: string;
  failedAt: string;
  companyId: number | null;
  companyTitle: string;
}
type Page = { list: Item[]; total: number; page: number; pageSize: number; scope: 'company' | 'instance' };

async function list(query: string, token: string, host: string = HOSTS.localhost): Promise<Page> {
  const res = await t.call({ method: 'GET', url: `/api/admin/job-failure/list?${query}`, token, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
}

let reportA = 0;
let brokenJobId = '';

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  const [report] = await queryRows<{ id: number }>(t.database.db, sql`select id from record where company_id = ${companyA} order by id limit 1`);
  reportA = report!.id;

  // A real queue on the test database: a job about company localhost's report fails twice (its
  // retry too), its error naming a mobile number.
  const queue = createJobQueue({
    sql: t.database.queueSql,
    log: pino({ level: 'silent' }),
    failures: createJobFailureRepository(t.database.db),
    pollingIntervalSeconds: 0.5,
  });
  queue.define<{ recordId: number }>({
    name: 'protection-warning',
    retryLimit: 1,
    retryDelaySeconds: 1,
    async handle() {
      throw new Error('短信发送失败：13812345678 号码无效');
    },
  });
  await queue.start();
  try {
    brokenJobId = (await queue.send('protection-warning', { recordId: reportA }))!;
    const end = Date.now() + 40_000;
    while (Date.now() < end) {
      const rows = await t.database.db.select().from(jobFailure).where(eq(jobFailure.jobId, brokenJobId));
      if (rows.length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await queue.stop();
  }

  // Another company's failure and one of the instance's own minute job, as the queue records them.
  const failures = createJobFailureRepository(t.database.db);
  await failures.record({ queue: 'message-delivery', jobId: 'delivery-1', attempt: 3, final: true, error: 'Error: 第二家公司的失败', companyId: companyB });
  await failures.record({ queue: 'protection-expiry', jobId: 'minute-1', attempt: 1, final: false, error: 'Error: connection reset' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/job-failure/list', () => {
  it("keeps the report's company, each attempt, final or retrying, and the error with its number masked", async () => {
    const rows = (await t.database.db.select().from(jobFailure).where(eq(jobFailure.jobId, brokenJobId))).sort((a, b) => a.attempt - b.attempt);
    expect(rows.map((r) => [r.queue, r.attempt, r.final, r.companyId])).toEqual([
      ['protection-warning', 1, false, companyA],
      ['protection-warning', 2, true, companyA],
    ]);
    for (const row of rows) expect(row.error).toBe('Error: 短信发送失败：138****5678 号码无效');
  });

  it("shows an operator its company's failures only, newest first", async () => {
    const page = await list('', await consoleToken(CONSOLE_ACCOUNTS.operator));
    expect(page.scope).toBe('company');
    expect(page.total).toBe(2);
    expect(page.list.map((i) => [i.jobId, i.attempt, i.final, i.companyId])).toEqual([
      [brokenJobId, 2, true, companyA],
      [brokenJobId, 1, false, companyA],
    ]);
    expect(page.list[0]!.error).not.toContain('13812345678');
    // Only what the schema lists leaves the server.
    expect(Object.keys(page.list[0]!).sort()).toEqual(['attempt', 'companyId', 'companyTitle', 'error', 'failedAt', 'final', 'id', 'jobId', 'queue']);

    const second = await list('', await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second), HOSTS.second);
    expect(second.list.map((i) => [i.queue, i.companyId])).toEqual([['message-delivery', companyB]]);
  });

  it('shows a platform administrator every failure, the instance-wide ones without a company', async () => {
    const page = await list('pageSize=50', await consoleToken(CONSOLE_ACCOUNTS.platformAdmin));
    expect(page.scope).toBe('instance');
    expect(page.total).toBe(4);
    expect(page.list.map((i) => i.queue)).toEqual(['protection-expiry', 'message-delivery', 'protection-warning', 'protection-warning']);
    expect(page.list[0]).toMatchObject({ companyId: null, companyTitle: '' });
    expect(page.list[1]!.companyId).toBe(companyB);
    expect(page.list[1]!.companyTitle).not.toBe('');
  });

  it('filters by job and by result, and pages', async () => {
    const admin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    expect((await list('queue=protection-warning', admin)).list.map((i) => i.attempt)).toEqual([2, 1]);
    expect((await list('result=final', admin)).list.map((i) => i.queue)).toEqual(['message-delivery', 'protection-warning']);
    expect((await list('result=retrying', admin)).list.map((i) => i.queue)).toEqual(['protection-expiry', 'protection-warning']);
    expect((await list('queue=protection-warning&result=final', admin)).list.map((i) => i.attempt)).toEqual([2]);
    expect((await list('queue=no-such-job', admin)).total).toBe(0);
    const second = await list('page=2&pageSize=1', admin);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect(second.list.map((i) => i.queue)).toEqual(['message-delivery']);
    const operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
    expect((await list('result=retrying', operator)).list.map((i) => i.attempt)).toEqual([1]);
    expect((await list('queue=protection-expiry', operator)).total).toBe(0);
  });

  it('refuses bad filters with the field and a Chinese message', async () => {
    const token = await consoleToken(CONSOLE_ACCOUNTS.operator);
    const bad = await t.call({ method: 'GET', url: '/api/admin/job-failure/list?result=maybe', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: messages.input.invalid('结果'), data: { field: 'result' } });
    expect((await t.call({ method: 'GET', url: '/api/admin/job-failure/list?pageSize=1000', token })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/admin/job-failure/list?queue=${'x'.repeat(51)}`, token })).statusCode).toBe(400);
  });

  it('is a console call: no token 401, a mobile token 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/job-failure/list' })).statusCode).toBe(401);
    const mobile = await t.call({ method: 'GET', url: '/api/admin/job-failure/list', token: await t.tokenOf(DEMO_ACCOUNTS.auditorAdmin) });
    expect(mobile.statusCode).toBe(403);
    expect(mobile.json().msg).toBe(adminAuthMessages.noConsoleAccess);
  });
});
