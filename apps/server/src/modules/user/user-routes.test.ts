import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { feedback, user } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (payload: object, token?: string) => t.call({ method: 'POST', url: '/api/user/add-gbook', payload, token });

describe('feedback (add-gbook)', () => {
  it('needs a session', async () => {
    expect((await send({ content: '建议增加地图找房' })).statusCode).toBe(401);
  });

  it.each([[{ content: '' }], [{ content: '   \n ' }], [{}], [{ content: null }]])('refuses %o as empty', async (payload) => {
    const token = await t.login('13800000003');
    const res = await send(payload, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(messages.feedback.contentRequired);
  });

  it('takes 500 characters and refuses 501', async () => {
    const token = await t.login('13800000003');
    const long = await send({ content: '好'.repeat(501) }, token);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(messages.feedback.contentTooLong);
    expect((await send({ content: '好'.repeat(500) }, token)).statusCode).toBe(200);
  });

  it('stores the trimmed content with the user and the company', async () => {
    const token = await t.login('13900000003', { host: HOSTS.second });
    const res = await send({ content: '  列表能否按价格排序？ ' }, token);
    expect(res.statusCode).toBe(401);
    const own = await t.call({ method: 'POST', url: '/api/user/add-gbook', payload: { content: '  列表能否按价格排序？ ' }, token, host: HOSTS.second });
    expect(own.statusCode).toBe(200);
    expect(own.json().msg).toBe(messages.feedback.submitted);
    const [author] = await t.database.db.select().from(user).where(eq(user.phone, '13900000003'));
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.userId, author!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: '列表能否按价格排序？', companyId: await t.companyIdOf(HOSTS.second) });
  });
});
