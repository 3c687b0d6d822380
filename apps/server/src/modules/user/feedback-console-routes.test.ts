import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminAuthMessages, adminFeedbackMessages as text_ } from '@baobei/shared/messages/admin';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog, feedback } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 16, item 5 (docs/decisions/050): the console's feedback inbox over the app's 意见反馈. */

let t: TestApp;
let companyA = 0;
let operator = '';
let platformAdmin = '';
let secondOperator = '';

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) => t.call({ method: 'POST', url, token, host, payload });

interface Item {
  id: number;
  content: string;
  senderId: number | null;
  senderName: string;
  senderPhone: string;
  senderRole: string;
  distributorName: string;
  handled: boolean;
  handledByName: string;
  handleNote: string;
}
async function list(query: string, token = operator, host: string = HOSTS.localhost) {
  const res = await get(`/api/admin/feedback/list?${query}`, token, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Item[]; total: number; pendingCount: number };
}
async function send(phone: string, content: string, host: string = HOSTS.localhost) {
  const res = await t.postAs('/api/user/add-gbook', phone, { content }, host);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from feedback where content = ${content} order by id desc limit 1`);
  return row!.id;
}
const rowOf = async (id: number) => (await t.database.db.select().from(feedback).where(eq(feedback.id, id)))[0]!;
const auditsOf = (id: number) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entityId, id)));

let brokerMsg = 0;
let managerMsg = 0;
let otherCompanyMsg = 0;

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
  platformAdmin = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
  secondOperator = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
  brokerMsg = await send(DEMO_ACCOUNTS.broker, '收藏夹希望能按开盘时间排序，测试反馈甲');
  managerMsg = await send(DEMO_ACCOUNTS.manager, '门店统计的导出按钮不好找，测试反馈乙');
  otherCompanyMsg = await send('13900000003', '三亚的楼盘太少了，测试反馈丙', HOSTS.second);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console feedback inbox: list', () => {
  it('lists the company’s messages newest first with who sent them; another company’s are absent', async () => {
    const page = await list('status=pending');
    const ids = page.list.map((i) => i.id);
    expect(ids.slice(0, 2)).toEqual([managerMsg, brokerMsg]);
    expect(ids).not.toContain(otherCompanyMsg);
    expect(page.pendingCount).toBe(page.total);
    expect(page.list.find((i) => i.id === brokerMsg)).toMatchObject({
      content: '收藏夹希望能按开盘时间排序，测试反馈甲',
      senderName: '王小明',
      senderPhone: DEMO_ACCOUNTS.broker,
      senderRole: 'YUEWUYUAN',
      distributorName: expect.stringContaining('安居'),
      handled: false,
      handledByName: '',
    });
    // The platform administrator reads the host's company, as the operator.
    expect((await list('status=pending', platformAdmin)).list.map((i) => i.id)).toEqual(ids);
    // 127.0.0.1's operator reads its own company's only.
    const theirs = await list('status=all', secondOperator, HOSTS.second);
    expect(theirs.list.map((i) => i.id)).toEqual([otherCompanyMsg]);
  });

  it('narrows by keyword (content, sender name, phone), day range and status', async () => {
    expect((await list(`keyword=${encodeURIComponent('测试反馈甲')}`)).list.map((i) => i.id)).toEqual([brokerMsg]);
    expect((await list(`keyword=${encodeURIComponent('陈海燕')}`)).list.map((i) => i.id)).toEqual([managerMsg]);
    expect((await list(`keyword=${DEMO_ACCOUNTS.broker}`)).list.map((i) => i.id)).toEqual([brokerMsg]);
    expect((await list(`keyword=${encodeURIComponent('测试反馈丙')}`)).total).toBe(0);
    // A LIKE wildcard is a character like any other.
    expect((await list('keyword=%25')).total).toBe(0);
    const today = shanghaiDay(new Date());
    expect((await list(`dateFrom=${today}&dateTo=${today}`)).list.map((i) => i.id)).toEqual(expect.arrayContaining([brokerMsg, managerMsg]));
    expect((await list('dateFrom=2020-01-01&dateTo=2020-01-31')).total).toBe(0);
    expect((await list('status=handled')).list.map((i) => i.id)).not.toContain(brokerMsg);
    const paged = await list('status=all&page=1&pageSize=1');
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [string, string][] = [
      ['status=done', text_.statusInvalid.replace('格式不正确', '')],
      ['dateFrom=2026-01-01', text_.dateRangeIncomplete],
      ['dateFrom=2026-02-01&dateTo=2026-01-01', text_.dateRangeReversed],
      ['dateFrom=2026-02-30&dateTo=2026-03-01', '开始日期'],
      ['page=0', '页码'],
      ['pageSize=1000', '每页条数'],
    ];
    for (const [query, msg] of cases) {
      const res = await get(`/api/admin/feedback/list?${query}`, operator);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toContain(msg);
    }
  });
});

describe('console feedback inbox: handle', () => {
  it('marks a message handled with a note and an audit row; a second handle changes nothing', async () => {
    const res = await post('/api/admin/feedback/handle', operator, { id: brokerMsg, note: '已电话回复，排序功能排期中' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(text_.handled);
    expect(res.json().data).toMatchObject({ id: brokerMsg, handled: true, changed: true, handledByName: '梁运营', handleNote: '已电话回复，排序功能排期中' });
    const row = await rowOf(brokerMsg);
    expect(row.handledAt).not.toBeNull();
    const audits = await auditsOf(brokerMsg);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      companyId: companyA,
      action: 'feedback.handle',
      detail: { actorRole: 'OPERATOR', changes: { handled: { old: false, new: true }, note: { old: '', new: '已电话回复，排序功能排期中' } } },
    });

    // Again, from another console account with another note: the first handling stays.
    const again = await post('/api/admin/feedback/handle', platformAdmin, { id: brokerMsg, note: '另一条备注' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().msg).toBe(text_.alreadyHandled);
    expect(again.json().data).toMatchObject({ handled: true, changed: false, handledByName: '梁运营', handleNote: '已电话回复，排序功能排期中' });
    expect(await rowOf(brokerMsg)).toEqual(row);
    expect(await auditsOf(brokerMsg)).toHaveLength(1);

    expect((await list('status=pending')).list.map((i) => i.id)).not.toContain(brokerMsg);
    const handled = await list('status=handled');
    expect(handled.list.map((i) => i.id)).toContain(brokerMsg);
    expect(handled.pendingCount).toBe((await list('status=pending')).total);
  });

  it('two handles at once: one handled state, one audit row', async () => {
    const id = await send(DEMO_ACCOUNTS.broker, '同时处理的测试反馈');
    const answers = await Promise.all([
      post('/api/admin/feedback/handle', operator, { id, note: '甲' }),
      post('/api/admin/feedback/handle', platformAdmin, { id, note: '乙' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().msg).sort()).toEqual([text_.alreadyHandled, text_.handled].sort());
    expect(await auditsOf(id)).toHaveLength(1);
    const row = await rowOf(id);
    expect(answers.map((a) => a.json().data.handleNote)).toEqual([row.handleNote, row.handleNote]);
  });

  it('handles without a note', async () => {
    const id = await send(DEMO_ACCOUNTS.channel, '渠道的测试反馈');
    const res = await post('/api/admin/feedback/handle', platformAdmin, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ handled: true, handledByName: '许平台', handleNote: '', senderRole: 'CHANNEL', distributorName: '' });
  });

  it('another company’s message is 404 and stays unhandled; a mobile token is 403; bad input changes nothing', async () => {
    const before = await rowOf(managerMsg);
    const foreign = await post('/api/admin/feedback/handle', secondOperator, { id: managerMsg, note: 'x' }, HOSTS.second);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(text_.notFound);
    expect((await post('/api/admin/feedback/handle', operator, { id: otherCompanyMsg })).statusCode).toBe(404);
    expect((await rowOf(otherCompanyMsg)).handledAt).toBeNull();

    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    for (const res of [await post('/api/admin/feedback/handle', broker, { id: managerMsg }), await get('/api/admin/feedback/list', broker)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(adminAuthMessages.noConsoleAccess);
    }
    expect((await get('/api/admin/feedback/list', undefined)).statusCode).toBe(401);

    const bad: [object, string][] = [
      [{}, '反馈ID'],
      [{ id: 'abc' }, '反馈ID'],
      [{ id: -1 }, '反馈ID'],
      [{ id: managerMsg, note: '长'.repeat(201) }, '处理备注'],
      [{ id: managerMsg, note: 12 }, '处理备注'],
    ];
    for (const [body, msg] of bad) {
      const res = await post('/api/admin/feedback/handle', operator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await rowOf(managerMsg)).toEqual(before);
    expect(await auditsOf(managerMsg)).toHaveLength(0);
  });
});
