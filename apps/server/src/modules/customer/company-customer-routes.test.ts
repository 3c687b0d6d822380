import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customer, user } from '../../db/schema';
import { userIdOf } from '../../test/records';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * 公司客户 (docs/decisions/024): POST /api/record/get-company-customer-list.
 * Before this route a shop manager had no way to see their brokers' customers (404).
 */
let t: TestApp;
let dataDir: string;
let companyId: number;
let secondCompanyId: number;

type Row = { id: number; name: string; phone: string; sex: number; telType: number; ownerId: number; ownerName: string };
type Group = { anchor: string; list: Row[] };

const URL = '/api/record/get-company-customer-list';
/** A marker in every customer this file adds, so the checks can tell them from the seed's. */
const MARK = '测公司';
const ids: Record<string, number> = {};

async function addCustomer(company: number, ownerPhone: string, name: string, phone: string) {
  const [owner] = await t.database.db.select().from(user).where(and(eq(user.companyId, company), eq(user.phone, ownerPhone)));
  const [row] = await t.database.db
    .insert(customer)
    .values({ companyId: company, ownerId: owner!.id, distributorId: owner!.distributorId, name, phone, anchor: 'C' })
    .returning();
  ids[name] = row!.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'baobei-company-customer-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  companyId = await t.companyIdOf(HOSTS.localhost);
  secondCompanyId = await t.companyIdOf(HOSTS.second);
  // First company, first distributor: 陈海燕's shop (broker 王小明, and her own), 邢志刚's shop (broker 云晓雯).
  await addCustomer(companyId, '13800000003', `${MARK}王小明客户`, '13711110003');
  await addCustomer(companyId, '13800000002', `${MARK}店长自己客户`, '13711110002');
  await addCustomer(companyId, '13800000024', `${MARK}别店客户`, '13711110024');
  await addCustomer(companyId, '13800000001', `${MARK}总账号客户`, '13711110001');
  // First company, second distributor; second company (the same phone digits on purpose).
  await addCustomer(companyId, '13800000008', `${MARK}别分销商客户`, '13711110008');
  await addCustomer(secondCompanyId, '13900000003', `${MARK}别租户客户`, '13711110003');
  // A deleted customer of the shop is not listed.
  await addCustomer(companyId, '13800000003', `${MARK}已删除客户`, '13711119999');
  await t.database.db.update(customer).set({ deletedAt: new Date() }).where(eq(customer.id, ids[`${MARK}已删除客户`]!));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (token: string | undefined, payload?: object) => t.call({ method: 'POST', url: URL, payload, ...(token ? { token } : {}) });
async function list(token: string, keyword?: string): Promise<Row[]> {
  const res = await call(token, keyword === undefined ? undefined : { keyword });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Group[]).flatMap((g) => g.list);
}
const marked = (rows: Row[]) => rows.filter((r) => r.name.startsWith(MARK)).map((r) => r.name).sort();

/** The live customers of these owners, straight from the database. */
async function customersOf(company: number, ownerIds: number[]) {
  return t.database.db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.companyId, company), inArray(customer.ownerId, ownerIds), isNull(customer.deletedAt)));
}

describe('公司客户', () => {
  it('a shop manager sees the customers of their shop’s brokers and their own, with the owner, and nobody else’s', async () => {
    const manager = await t.login('13800000002');
    const rows = await list(manager);
    expect(marked(rows)).toEqual([`${MARK}店长自己客户`, `${MARK}王小明客户`].sort());
    const brokerRow = rows.find((r) => r.name === `${MARK}王小明客户`)!;
    expect(brokerRow).toMatchObject({ ownerName: '王小明', ownerId: await userIdOf(t, companyId, '13800000003'), phone: '13711110003' });
    expect(brokerRow).not.toHaveProperty('customerPic');

    // Exactly the shop: the manager and every broker whose manager they are (seeded customers too).
    const managerId = await userIdOf(t, companyId, '13800000002');
    const shop = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.managerId, managerId)));
    const expected = await customersOf(companyId, [managerId, ...shop.map((u) => u.id)]);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    for (const r of rows) expect([managerId, ...shop.map((u) => u.id)]).toContain(r.ownerId);
  });

  it('the general account sees the whole distributor, not another distributor’s or tenant’s', async () => {
    const general = await t.login('13800000001');
    const rows = await list(general);
    expect(marked(rows)).toEqual([`${MARK}店长自己客户`, `${MARK}王小明客户`, `${MARK}别店客户`, `${MARK}总账号客户`].sort());
    const [me] = await t.database.db.select().from(user).where(and(eq(user.companyId, companyId), eq(user.phone, '13800000001')));
    const staff = await t.database.db.select({ id: user.id }).from(user).where(and(eq(user.companyId, companyId), eq(user.distributorId, me!.distributorId!)));
    const expected = await customersOf(companyId, staff.map((u) => u.id));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    expect(rows.find((r) => r.name === `${MARK}别店客户`)?.ownerName).toBe('云晓雯');

    // The second distributor's general account and shop manager see theirs, not the first's.
    const otherGeneral = await t.login('13800000011');
    expect(marked(await list(otherGeneral))).toEqual([`${MARK}别分销商客户`]);
    expect(marked(await list(await t.login('13800000012')))).toEqual([`${MARK}别分销商客户`]);
    // The other tenant's manager of the same shape sees only their own tenant.
    const secondManager = await t.login('13900000002', { host: HOSTS.second });
    const res = await t.call({ method: 'POST', url: URL, payload: {}, token: secondManager, host: HOSTS.second });
    expect(res.statusCode).toBe(200);
    expect(marked((res.json().data as Group[]).flatMap((g) => g.list))).toEqual([`${MARK}别租户客户`]);
  });

  it('groups like 客户管理 and filters by a part of the name or the phone', async () => {
    const manager = await t.login('13800000002');
    const res = await call(manager, {});
    const groups = res.json().data as Group[];
    const anchors = groups.map((g) => g.anchor);
    const letters = anchors.filter((a) => a !== '#');
    expect(letters).toEqual([...letters].sort());
    for (const g of groups) expect(g.list.map((c) => c.name)).toEqual(g.list.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'zh-CN')));

    expect(marked(await list(manager, '王小明客'))).toEqual([`${MARK}王小明客户`]);
    expect(marked(await list(manager, '1111000'))).toEqual([`${MARK}店长自己客户`, `${MARK}王小明客户`].sort());
    // Another shop's customer is not found by its phone either.
    expect(await list(manager, '13711110024')).toEqual([]);
    expect(await list(manager, '%')).toEqual([]);
    expect(await list(manager, '不存在的客户名')).toEqual([]);
  });

  it('refuses brokers, channel staff and auditors (403) and visitors (401), and bad input (400)', async () => {
    for (const phone of ['13800000003', '13800000004', '13800000006', '13800000007']) {
      expect((await call(await t.login(phone), {})).statusCode).toBe(403);
    }
    expect((await call(undefined, {})).statusCode).toBe(401);
    const manager = await t.login('13800000002');
    expect((await call(manager, { keyword: 'x'.repeat(31) })).statusCode).toBe(400);
    expect((await call(manager, { keyword: 5 })).statusCode).toBe(400);
  });
});
