import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminCompanyMessages } from '@baobei/shared/messages/admin';
import { commissionOf, type PolicyForDeal } from '@baobei/shared/rules/commission';
import type { BuildingProperty } from '@baobei/shared/rules/house';
import { commissionPolicy, company, house } from '../../db/schema';
import { queryRows } from '../../db/client';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/**
 * Finding listings by what they pay (issue 32 item 5, decision 090): 佣金从高到低 per property
 * type, 高佣 and 有激励, each compared with an ordering computed here from the database's rows
 * (the policy in force chosen by its own loop, the amount by the deals' commission rule).
 */
let t: TestApp;
let localId: number;
let broker: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  localId = await t.companyIdOf(HOSTS.localhost);
  broker = await t.login('13800000003');
  operator = await t.consoleLogin('13800000009');
  // Besides the seed's percentages: fixed amounts, an unreadable point and a fixed amount on a
  // listing without a price, so every kind of policy is ranked.
  const listings = await t.database.db
    .select({ id: house.id })
    .from(house)
    .where(and(eq(house.companyId, localId), eq(house.active, true)))
    .orderBy(house.id);
  const [a, b, c] = listings;
  await t.database.db.insert(commissionPolicy).values([
    { houseId: a!.id, buildingProperty: 'RESIDENCE', longTerm: false, policyStartDate: '2020-01-01', policyEndDate: '2999-12-31', secondaryPoint: '9万/套', secondaryAward: '成交奖励5000元/套', sort: -1 },
    { houseId: b!.id, buildingProperty: 'RESIDENCE', longTerm: false, policyStartDate: '2020-01-01', policyEndDate: '2999-12-31', secondaryPoint: '面议', secondaryAward: '', sort: -1 },
    { houseId: c!.id, buildingProperty: 'OFFICE', longTerm: true, secondaryPoint: '30000元', secondaryAward: '', sort: 0 },
  ]);
  await t.database.db.update(house).set({ packagePrice: null, averagePrice: null }).where(eq(house.id, c!.id));
});
afterAll(async () => {
  await t.close();
});

interface Item {
  id: number;
  commissionPolicy?: { secondaryPoint: string; secondaryAward: string };
  commissionEstimateFen?: number | null;
}

async function page(payload: object, query: string, token: string | undefined = broker) {
  const res = await t.call({ method: 'POST', url: `/api/index/get-house-list${query}`, payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Item[]; total: number | null; nextCursor: string | null };
}

/** Every page by the cursor, five at a time: the keyset path a phone scrolls. */
async function everyPage(payload: object, token?: string): Promise<{ items: Item[]; total: number | null }> {
  const first = await page(payload, '?page=1&pageSize=5', token);
  const items = [...first.list];
  let cursor = first.nextCursor;
  for (let n = 2; cursor; n++) {
    const next = await page(payload, `?page=${n}&pageSize=5&cursor=${cursor}`, token);
    expect(next.total).toBeNull();
    items.push(...next.list);
    cursor = next.nextCursor;
  }
  return { items, total: first.total };
}

interface Expected {
  id: number;
  sort: number;
  estimate: number | null;
  policy: PolicyForDeal | null;
  incentive: boolean;
}

/** The company's listings on sale with the policy in force for `property` and its estimate, computed here. */
async function expected(property: BuildingProperty): Promise<Expected[]> {
  const [clock] = await queryRows<{ today: string }>(t.database.db, sql`select ((now() at time zone 'Asia/Shanghai')::date)::text as today`);
  const today = clock!.today;
  const listings = await queryRows<{ id: number; sort: number; package_price: string | null; average_price: string | null; min_area: string | null }>(
    t.database.db,
    sql`select h.id, h.sort, h.package_price, h.average_price, (select min(u.floor_area) from house_unit_type u where u.house_id = h.id) as min_area
        from house h where h.company_id = ${localId} and h.active`,
  );
  const policies = await t.database.db
    .select()
    .from(commissionPolicy)
    .innerJoin(house, eq(house.id, commissionPolicy.houseId))
    .where(eq(house.companyId, localId));
  const valid = (p: PolicyForDeal) => p.longTerm || ((!p.policyStartDate || p.policyStartDate <= today) && (!p.policyEndDate || p.policyEndDate >= today));
  return listings.map((l) => {
    const own = policies.map((r) => r.commission_policy).filter((p) => p.houseId === l.id);
    let policy: PolicyForDeal | null = null;
    for (const p of own) {
      if (p.buildingProperty !== property || !valid(p)) continue;
      const better = !policy || (policy.longTerm && !p.longTerm) || (policy.longTerm === p.longTerm && (p.sort < policy.sort || (p.sort === policy.sort && p.id < policy.id)));
      if (better) policy = p;
    }
    const pkg = l.package_price === null ? 0 : Number(l.package_price);
    const avg = l.average_price === null ? 0 : Number(l.average_price);
    const area = l.min_area === null ? 0 : Number(l.min_area);
    const price = pkg ? Math.round(pkg * 1_000_000) : avg && area ? Math.round(avg * area * 100) : null;
    let estimate: number | null = null;
    if (policy && !/面议/.test(policy.secondaryPoint)) {
      const percent = /%|％/.test(policy.secondaryPoint) || /^\s*\d+(\.\d+)?\s*$/.test(policy.secondaryPoint) || (/%/.test(policy.secondaryAward) && !policy.secondaryAward.includes('带看'));
      estimate = percent && price === null ? null : commissionOf(policy, price ?? 0).totalFen;
    }
    return { id: l.id, sort: l.sort, estimate, policy, incentive: own.some((p) => !p.longTerm && valid(p)) };
  });
}

const byEstimate = (a: Expected, b: Expected) => (b.estimate ?? -1) - (a.estimate ?? -1) || a.id - b.id;
const bySort = (a: Expected, b: Expected) => a.sort - b.sort || a.id - b.id;

describe('the listing list by what it pays', () => {
  it('orders by the estimate of the residential policy in force, through every cursor page', async () => {
    const want = (await expected('RESIDENCE')).sort(byEstimate);
    expect(want.filter((w) => w.estimate === null).length).toBeGreaterThan(0);
    expect(new Set(want.map((w) => w.estimate)).size).toBeGreaterThan(5);
    const { items, total } = await everyPage({ order: 'COMMISSION' });
    expect(total).toBe(want.length);
    expect(items.map((i) => i.id)).toEqual(want.map((w) => w.id));
    expect(items.map((i) => i.commissionEstimateFen)).toEqual(want.map((w) => w.estimate));
    // The card's policy is the one the estimate is of.
    expect(items.map((i) => i.commissionPolicy?.secondaryPoint)).toEqual(want.map((w) => w.policy?.secondaryPoint ?? ''));
    // The fixed 9万/套 plus 5000 reads the same whatever the price.
    expect(items.find((i) => i.commissionPolicy?.secondaryPoint === '9万/套')?.commissionEstimateFen).toBe(95_000_00);
  });

  it('orders by another property type when chosen, a fixed amount without a price included', async () => {
    const want = (await expected('OFFICE')).sort(byEstimate);
    const { items } = await everyPage({ order: 'COMMISSION', commissionProperty: 'OFFICE' });
    expect(items.map((i) => i.id)).toEqual(want.map((w) => w.id));
    expect(items.some((i) => i.commissionEstimateFen === 30_000_00)).toBe(true);
  });

  it('lists 高佣 from the company line the console sets, in the list order', async () => {
    const brand = (await t.call({ method: 'GET', url: '/api/admin/company/get-brand', token: operator })).json().data;
    expect(brand.highCommissionYuan).toBe(30_000);
    const want = (await expected('RESIDENCE')).filter((w) => w.estimate !== null && w.estimate >= 30_000_00).sort(bySort);
    expect(want.length).toBeGreaterThan(0);
    const { items, total } = await everyPage({ highCommission: '1' });
    expect(total).toBe(want.length);
    expect(items.map((i) => i.id)).toEqual(want.map((w) => w.id));

    const saved = await t.call({ method: 'POST', url: '/api/admin/company/update-brand', token: operator, payload: { version: brand.version, highCommissionYuan: 60_000 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const higher = (await expected('RESIDENCE')).filter((w) => w.estimate !== null && w.estimate >= 60_000_00).sort(byEstimate);
    const again = await everyPage({ highCommission: '1', order: 'COMMISSION' });
    expect(again.items.map((i) => i.id)).toEqual(higher.map((w) => w.id));
    expect(higher.length).toBeLessThan(want.length);
  });

  it('refuses a line out of range in Chinese and changes nothing', async () => {
    const before = await t.database.db.select({ line: company.highCommissionYuan, version: company.version }).from(company).where(eq(company.id, localId));
    for (const value of [-1, 10_000_001, 1.5, '三万']) {
      const res = await t.call({ method: 'POST', url: '/api/admin/company/update-brand', token: operator, payload: { version: before[0]!.version, highCommissionYuan: value } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(adminCompanyMessages.highCommissionInvalid);
    }
    const after = await t.database.db.select({ line: company.highCommissionYuan, version: company.version }).from(company).where(eq(company.id, localId));
    expect(after).toEqual(before);
  });

  it('lists 有激励: a dated policy in force today, of any property type', async () => {
    const want = (await expected('RESIDENCE')).filter((w) => w.incentive).sort(bySort);
    expect(want.length).toBeGreaterThan(0);
    const { items } = await everyPage({ incentive: '1' });
    expect(items.map((i) => i.id)).toEqual(want.map((w) => w.id));
  });

  it('keeps the other filters: a keyword narrows the commission order', async () => {
    const [first] = await t.database.db.select({ name: house.name }).from(house).where(and(eq(house.companyId, localId), eq(house.active, true))).limit(1);
    const keyword = first!.name.slice(0, 2);
    const plain = await everyPage({ keyword });
    const sorted = await everyPage({ keyword, order: 'COMMISSION' });
    expect(new Set(sorted.items.map((i) => i.id))).toEqual(new Set(plain.items.map((i) => i.id)));
  });

  it('is not offered to a visitor: the order and filters are ignored, no commission is sent', async () => {
    const asVisitor = await everyPage({ order: 'COMMISSION', highCommission: '1', incentive: '1' }, '');
    const plain = await everyPage({}, '');
    expect(asVisitor.items.map((i) => i.id)).toEqual(plain.items.map((i) => i.id));
    expect(asVisitor.items.every((i) => !('commissionEstimateFen' in i) && !('commissionPolicy' in i))).toBe(true);
  });

  it('refuses an unknown order or property type with the field named', async () => {
    const res = await t.call({ method: 'POST', url: '/api/index/get-house-list', token: broker, payload: { order: 'PRICE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('排序格式不正确');
    const other = await t.call({ method: 'POST', url: '/api/index/get-house-list', token: broker, payload: { commissionProperty: 'CASTLE' } });
    expect(other.json().message).toBe('物业类型格式不正确');
  });

  it('shows another company only its own listings', async () => {
    const other = await t.login('13900000003', { host: HOSTS.second });
    const theirs = await t.database.db.select({ id: house.id }).from(house).where(and(eq(house.companyId, await t.companyIdOf(HOSTS.second)), eq(house.active, true)));
    const res = await t.call({ method: 'POST', url: '/api/index/get-house-list?page=1&pageSize=100', token: other, host: HOSTS.second, payload: { order: 'COMMISSION' } });
    expect(res.statusCode).toBe(200);
    expect(new Set((res.json().data.list as Item[]).map((i) => i.id))).toEqual(new Set(theirs.map((r) => r.id)));
  });
});
