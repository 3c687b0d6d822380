import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { company, house, user } from '../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BROKER = '13800000003';
const create = (payload: object) => t.call({ method: 'POST', url: '/api/dev/company', payload, companyId: 0, host: '' });
const countOf = async (table: typeof house | typeof user, companyId: number) =>
  Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.companyId, companyId)))[0]!.n);

describe('POST /api/dev/company (a browser journey’s own company)', () => {
  it('seeds a copy of a demo brand at a new host: its listings and accounts, apart from the original', async () => {
    const res = await create({ brand: 'haikou', host: '127.0.9.1' });
    expect(res.statusCode, res.body).toBe(200);
    const companyId = res.json().data.companyId as number;
    const original = await t.companyIdOf(HOSTS.localhost);
    expect(companyId).not.toBe(original);
    expect(await countOf(house, companyId)).toBe(await countOf(house, original));
    expect(await countOf(user, companyId)).toBe(await countOf(user, original));

    // The host resolves to the copy, and its broker signs in there with the demo password.
    expect(await t.companyIdOf('127.0.9.1')).toBe(companyId);
    const token = await t.login(BROKER, { host: '127.0.9.1' });
    const me = await t.call({ method: 'GET', url: '/api/index/get-init-config', host: '127.0.9.1', token });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('keeps the login codes of one phone apart per company', async () => {
    for (const host of [HOSTS.localhost, '127.0.9.1']) {
      const { sn } = (await t.call({ method: 'GET', url: '/api/login/verify-code', host })).json().data;
      const picture = (await t.call({ method: 'GET', url: `/api/dev/captcha?sn=${sn}` })).json().data.code as string;
      const sent = await t.call({ method: 'GET', url: `/api/login/get-code?username=${BROKER}&sn=${sn}&code=${picture}&purpose=login`, host });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const codeOf = async (host: string) => (await t.call({ method: 'GET', url: `/api/dev/sms-code?phone=${BROKER}`, host })).json().data?.code as string;
    const here = await codeOf(HOSTS.localhost);
    const there = await codeOf('127.0.9.1');
    expect(here).toMatch(/^\d{6}$/);
    expect(there).toMatch(/^\d{6}$/);
    // Each company's own code signs in there (a shared outbox would hand one company's code to both).
    const signIn = (host: string, code: string) => t.call({ method: 'POST', url: '/api/login/sign-by-code', host, payload: { username: BROKER, code } });
    expect((await signIn('127.0.9.1', there)).statusCode).toBe(200);
    expect((await signIn(HOSTS.localhost, here)).statusCode).toBe(200);
  });

  it('refuses a host already in use, and what cannot be a host, changing nothing', async () => {
    const companies = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(company))[0]!.n);
    const before = await companies();
    expect((await create({ brand: 'sanya', host: '127.0.9.1' })).statusCode).toBe(409);
    expect((await create({ brand: 'sanya', host: 'a b/c' })).statusCode).toBe(400);
    expect((await create({ brand: 'shenzhen', host: '127.0.9.2' })).statusCode).toBe(400);
    expect(await companies()).toBe(before);
  });
});
