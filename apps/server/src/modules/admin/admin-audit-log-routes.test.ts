import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { adminAuditLogMessages as text_, adminAuthMessages } from '@baobei/shared/messages/admin';
import { isConsoleRole } from '@baobei/shared/rules/roles';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog, user } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { auditSecretLeaks, expectNoSecretsInAudit } from '../../test/audit-secrets';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createConsoleAccount } from './console-accounts';

/** Issue 16, item 6 (docs/decisions/050): the console's audit log viewer. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
let operator = '';
let operatorId = 0;
let brokerId = 0;
let secondOperator = '';
let ip = 0;
const nextIp = () => `10.95.${(++ip >> 8) & 255}.${ip & 255}`;

async function consoleToken(phone: string, host: string = HOSTS.localhost, password = '123456'): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/admin/auth/sign', host, remoteAddress: nextIp(), payload: { phone, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) => t.call({ method: 'POST', url, token, host, payload });

interface Item {
  id: number;
  createdAt: string;
  actorId: number | null;
  actorName: string;
  actorRole: string;
  action: string;
  actionLabel: string;
  entity: string;
  entityLabel: string;
  entityId: number | null;
  objectName: string;
  version: number | null;
  changes: { field: string; old: string; new: string }[];
}
async function page(query: string, token = operator, host: string = HOSTS.localhost) {
  const res = await get(`/api/admin/audit-log/list?${query}`, token, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Item[]; nextCursor: string | null; pageSize: number };
}
/** Every page of a query, following the cursors. */
async function all(query: string, pageSize = 3) {
  const out: Item[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const p = await page(`${query}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...p.list);
    cursor = p.nextCursor;
    if (!cursor) break;
  }
  return out;
}
/** The company's rows as the viewer must order them (created_at, id newest first). */
const dbIds = async (companyId: number, where = sql`true`) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from audit_log where company_id = ${companyId} and ${where} order by created_at desc, id desc`)).map((r) => r.id);

async function brandChange(token: string, title: string, host: string = HOSTS.localhost) {
  const brand = (await get('/api/admin/company/get-brand', token, host)).json().data as { version: number };
  const res = await post('/api/admin/company/update-brand', token, { version: brand.version, title }, host);
  expect(res.statusCode, res.body).toBe(200);
}

let feedbackId = 0;

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
  secondOperator = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
  const id = async (phone: string) => (await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, phone))))[0]!.id;
  operatorId = await id(CONSOLE_ACCOUNTS.operator);
  brokerId = await id(DEMO_ACCOUNTS.broker);

  // Rows of several actors, actions and objects: the operator's brand change and feedback
  // handling, the broker's profile change, and company 127.0.0.1's operator's brand change.
  await brandChange(operator, '海口新房报备（审计）');
  expect((await t.postAs('/api/user/add-gbook', DEMO_ACCOUNTS.broker, { content: '操作日志测试反馈' })).statusCode).toBe(200);
  feedbackId = (await queryRows<{ id: number }>(t.database.db, sql`select id from feedback where content = '操作日志测试反馈'`))[0]!.id;
  expect((await post('/api/admin/feedback/handle', operator, { id: feedbackId, note: '已回复' })).statusCode).toBe(200);
  expect((await t.postAs('/api/user/update-info', DEMO_ACCOUNTS.broker, { sex: 2 })).statusCode).toBe(200);
  await brandChange(secondOperator, '三亚新房报备（审计）', HOSTS.second);
  // An action the label table does not know yet.
  await t.database.db.insert(auditLog).values({ companyId: companyA, actorId: operatorId, action: 'future.thing', entity: 'gadget', entityId: 7, detail: { size: 3 } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console audit log: list', () => {
  it('answers the company’s rows newest first with actor, Chinese action, object and changes; another company’s are absent', async () => {
    const first = await page('pageSize=10');
    expect(first.list.map((i) => i.id)).toEqual((await dbIds(companyA)).slice(0, 10));
    const [future, profile, handle, brand] = first.list;
    expect(future).toMatchObject({ action: 'future.thing', actionLabel: 'future.thing', entity: 'gadget', entityLabel: 'gadget', entityId: 7, objectName: '' });
    expect(future!.changes).toEqual([{ field: 'size', old: 'null', new: '3' }]);
    expect(profile).toMatchObject({ action: 'user.profile', actionLabel: '修改个人资料', actorId: brokerId, actorName: '王小明', actorRole: 'YUEWUYUAN', entityLabel: '账号', objectName: '王小明' });
    expect(handle).toMatchObject({ action: 'feedback.handle', actionLabel: '处理意见反馈', entity: 'feedback', entityLabel: '意见反馈', entityId: feedbackId, objectName: '操作日志测试反馈', actorName: '梁运营', actorRole: 'OPERATOR' });
    // jsonb keeps its keys in its own order (shorter first): the viewer shows them as stored.
    expect([...handle!.changes].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'handled', old: 'false', new: 'true' },
      { field: 'note', old: '""', new: '"已回复"' },
    ]);
    expect(brand).toMatchObject({ action: 'company.update-brand', actionLabel: '修改品牌设置', entity: 'company', entityId: companyA, objectName: '海口新房报备（审计）', version: expect.any(Number) });
    expect(brand!.changes).toContainEqual({ field: 'title', old: '"海口新房报备"', new: '"海口新房报备（审计）"' });

    const everything = await all('');
    expect(everything.map((i) => i.id)).toEqual(await dbIds(companyA));
    const foreign = new Set(await dbIds(companyB));
    expect(foreign.size).toBeGreaterThan(0);
    expect(everything.some((i) => foreign.has(i.id))).toBe(false);
    // 127.0.0.1's operator reads its own company's log only.
    const theirs = await page('pageSize=100', secondOperator, HOSTS.second);
    expect(theirs.list.map((i) => i.id)).toEqual((await dbIds(companyB)).slice(0, 100));
  });

  it('pages by cursor without gaps or repeats, also between rows of one instant', async () => {
    // Three rows written in one statement share created_at: the id keeps them apart.
    await t.database.db.insert(auditLog).values([1, 2, 3].map((n) => ({ companyId: companyA, actorId: operatorId, action: 'future.thing', entity: 'gadget', entityId: 100 + n })));
    const ids = (await all('', 2)).map((i) => i.id);
    expect(ids).toEqual(await dbIds(companyA));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('narrows by actor, action, object and days, each alone and together', async () => {
    const byActor = await all(`actorId=${brokerId}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((i) => i.actorId === brokerId)).toBe(true);
    expect(byActor.map((i) => i.id)).toEqual(await dbIds(companyA, sql`actor_id = ${brokerId}`));

    const byAction = await all('action=company.update-brand');
    expect(byAction.map((i) => i.id)).toEqual(await dbIds(companyA, sql`action = 'company.update-brand'`));
    expect(byAction.every((i) => i.action === 'company.update-brand')).toBe(true);

    const byObject = await all(`entity=feedback&entityId=${feedbackId}`);
    expect(byObject.map((i) => i.action)).toEqual(['feedback.handle']);
    const byEntity = await all('entity=gadget');
    expect(byEntity.map((i) => i.id)).toEqual(await dbIds(companyA, sql`entity = 'gadget'`));

    const today = shanghaiDay(new Date());
    expect((await all(`dateFrom=${today}&dateTo=${today}`)).map((i) => i.id)).toEqual(
      await dbIds(companyA, sql`created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`),
    );
    expect((await page('dateFrom=2020-01-01&dateTo=2020-01-31')).list).toEqual([]);
    expect((await all(`actorId=${operatorId}&action=feedback.handle&entity=feedback&dateFrom=${today}&dateTo=${today}`)).map((i) => i.entityId)).toEqual([feedbackId]);
    // Another company's actor finds nothing here.
    const [stranger] = await queryRows<{ id: number }>(t.database.db, sql`select actor_id as id from audit_log where company_id = ${companyB} and actor_id is not null limit 1`);
    expect((await page(`actorId=${stranger!.id}`)).list).toEqual([]);
  });

  it('names a row’s object from the company’s own rows only', async () => {
    const [theirs] = await queryRows<{ id: number }>(t.database.db, sql`select id from house where company_id = ${companyB} order by id limit 1`);
    const [ours] = await queryRows<{ id: number; name: string }>(t.database.db, sql`select id, name from house where company_id = ${companyA} order by id limit 1`);
    await t.database.db.insert(auditLog).values([
      { companyId: companyA, actorId: operatorId, action: 'future.name', entity: 'house', entityId: theirs!.id },
      { companyId: companyA, actorId: operatorId, action: 'future.name', entity: 'house', entityId: ours!.id },
    ]);
    const names = (await page('action=future.name')).list.map((i) => [i.entityId, i.objectName]);
    expect(names).toEqual(expect.arrayContaining([[ours!.id, ours!.name], [theirs!.id, '']]));
  });

  it('never answers a secret a detail might hold', async () => {
    await t.database.db.insert(auditLog).values({
      companyId: companyA,
      actorId: operatorId,
      action: 'future.secret',
      entity: 'user',
      entityId: brokerId,
      detail: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', changes: { password: { old: 'a', new: 'b' } }, token: 'tok-123' },
    });
    const [row] = (await page('action=future.secret')).list;
    const text = JSON.stringify(row);
    expect(text).not.toMatch(/argon2|tok-123|"a"|"b"/);
    expect(row!.changes.map((c) => c.field).sort()).toEqual(['password', 'passwordHash', 'token']);
  });

  it('refuses bad input with a Chinese message; a mobile token is 403', async () => {
    const cases: [string, string][] = [
      ['actorId=abc', '操作人'],
      ['actorId=0', '操作人'],
      ['entityId=5', text_.entityIdNeedsEntity],
      ['entity=DROP%20TABLE', '对象类型'],
      ['action=%27%3Bselect', '操作'],
      ['dateFrom=2026-01-01', text_.dateRangeIncomplete],
      ['dateFrom=2026-02-01&dateTo=2026-01-01', text_.dateRangeReversed],
      ['cursor=garbage', '分页游标'],
      ['pageSize=500', '每页条数'],
    ];
    for (const [query, msg] of cases) {
      const res = await get(`/api/admin/audit-log/list?${query}`, operator);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toContain(msg);
    }
    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    for (const url of ['/api/admin/audit-log/list', '/api/admin/audit-log/actors']) {
      const res = await get(url, broker);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(adminAuthMessages.noConsoleAccess);
      expect((await get(url, undefined)).statusCode).toBe(401);
    }
  });
});

describe('console audit log: actors', () => {
  it('finds the company’s accounts by name or phone; without a keyword its console accounts', async () => {
    const byPhone = (await get(`/api/admin/audit-log/actors?keyword=${DEMO_ACCOUNTS.broker}`, operator)).json().data.list;
    expect(byPhone).toEqual([{ id: brokerId, name: '王小明', phone: DEMO_ACCOUNTS.broker, role: 'YUEWUYUAN' }]);
    const byName = (await get(`/api/admin/audit-log/actors?keyword=${encodeURIComponent('运营')}`, operator)).json().data.list as { phone: string }[];
    expect(byName.map((a) => a.phone)).toContain(CONSOLE_ACCOUNTS.operator);
    expect(byName.map((a) => a.phone)).not.toContain(CONSOLE_ACCOUNTS.secondOperator);
    const none = (await get('/api/admin/audit-log/actors', operator)).json().data.list as { role: string }[];
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((a) => isConsoleRole(a.role))).toBe(true);
    expect((await get(`/api/admin/audit-log/actors?keyword=${'x'.repeat(31)}`, operator)).statusCode).toBe(400);
  });
});

describe('no password in the audit log', () => {
  it('after the flows that touch passwords and accounts, no audit row holds a password, hash or token', async () => {
    // The console's own password change, a broker's, a console account made by create-admin, a
    // new company, a shop manager's new staff, a registration approved (its account gets a
    // password), and the accounts page's password reset.
    const admin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const changed = await post('/api/admin/auth/change-password', admin, { oldPassword: '123456', password: 'Audit8899', passwordMore: 'Audit8899' });
    expect(changed.statusCode, changed.body).toBe(200);
    const mobile = await t.postAs('/api/user/change-password', DEMO_ACCOUNTS.manager, { oldPassword: '123456', password: 'Audit7788', passwordMore: 'Audit7788' });
    expect(mobile.statusCode, mobile.body).toBe(200);
    await createConsoleAccount(t.database.db, { host: HOSTS.localhost, phone: '13800000098', name: '审计运营', role: 'OPERATOR' });
    const created = await post('/api/admin/company/create', await consoleToken(CONSOLE_ACCOUNTS.platformAdmin, HOSTS.localhost, 'Audit8899'), {
      title: '审计公司',
      hosts: ['audit.example.com'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const staff = await t.postAs('/api/user/add-user', DEMO_ACCOUNTS.general, { name: '审计员工', phone: '13700000097', sex: 1, shopname: '安居房产总部' });
    expect(staff.statusCode, staff.body).toBe(200);
    const [pending] = await queryRows<{ id: number }>(t.database.db, sql`select id from distributor_registration where company_id = ${companyA} and status = 'PENDING' order by id limit 1`);
    if (pending) {
      const review = await t.postAs('/api/publicapi/review-registration', DEMO_ACCOUNTS.auditorAdmin, { id: pending.id, approve: true });
      expect(review.statusCode, review.body).toBe(200);
    }
    const reset = await post('/api/admin/account/reset-password', operator, { id: (await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyA), eq(user.phone, DEMO_ACCOUNTS.auditor))))[0]!.id });
    expect(reset.statusCode).toBeLessThan(500);

    // The viewer test's planted secret row is the one row that must be caught.
    const planted = (await auditSecretLeaks(t.database.db)).leaks;
    expect(planted.length).toBeGreaterThan(0);
    expect(planted.every((leak) => leak.includes(' future.secret '))).toBe(true);
    await t.database.db.delete(auditLog).where(eq(auditLog.action, 'future.secret'));
    const read = await expectNoSecretsInAudit(t.database.db);
    expect(read).toBeGreaterThan(8);
    const [last] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toBeDefined();
  });
});
