import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { adminFeatureMessages as text_, adminHomeMessages } from '@baobei/shared/messages/admin';
import { queryRows } from '../../db/client';
import { auditLog, house, houseFeature } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 30, item 1: the console's 楼盘特色, end to end with the app's filter and the listing form. */

let t: TestApp;
let operator = '';
type Feature = { id: number; name: string; sort: number; active: boolean; houseCount: number; version: number };

const post = (url: string, token: string | undefined, payload: object, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload });
const list = async (token = operator, host: string = HOSTS.localhost): Promise<Feature[]> => {
  const res = await t.call({ method: 'GET', url: '/api/admin/feature/list', token, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
};
/** The app's filter options (a visitor's call), as names in order. */
const appFeatures = async () =>
  ((await t.call({ method: 'GET', url: '/api/index/get-search-info' })).json().data.houseTeseList as { text: string; value: number }[]).map((f) => f.text);
const audits = async (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'feature'), eq(auditLog.entityId, id))).orderBy(asc(auditLog.id));

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.consoleLogin(CONSOLE_ACCOUNTS.operator);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console 楼盘特色', () => {
  it('lists the features in the app’s order with their listings, adds one last, refuses twins and blanks', async () => {
    const before = await list();
    expect(before.map((f) => f.name)).toEqual(await appFeatures());
    const used = await queryRows<{ feature_id: number; n: number }>(t.database.db, sql`select feature_id, count(*)::int as n from house_feature_link group by feature_id`);
    for (const f of before) expect(f.houseCount).toBe(used.find((u) => u.feature_id === f.id)?.n ?? 0);

    const created = await post('/api/admin/feature/create', operator, { name: ' 双地铁 ' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ msg: text_.created, data: { name: '双地铁', active: true, houseCount: 0, version: 1 } });
    expect((await appFeatures()).at(-1)).toBe('双地铁');
    expect((await audits(created.json().data.id))[0]).toMatchObject({ action: 'feature.create' });

    const rows = await t.database.db.select().from(houseFeature);
    for (const [body, msg] of [
      [{ name: '双地铁' }, text_.nameTaken('双地铁')],
      [{ name: '  ' }, text_.nameRequired],
    ] as const) {
      const res = await post('/api/admin/feature/create', operator, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg, data: { field: 'name' } });
    }
    expect(await t.database.db.select().from(houseFeature)).toHaveLength(rows.length);
  });

  it('retires a feature: gone from the choices, kept by the listings that have it, restorable', async () => {
    const features = await list();
    const feature = features.find((f) => f.houseCount > 0)!;
    const [link] = await queryRows<{ house_id: number }>(t.database.db, sql`select house_id from house_feature_link where feature_id = ${feature.id} limit 1`);
    const holder = (await t.database.db.select().from(house).where(eq(house.id, link!.house_id)))[0]!;

    const retired = await post('/api/admin/feature/update', operator, { id: feature.id, version: feature.version, active: false });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ msg: text_.retired, data: { active: false, houseCount: feature.houseCount, version: feature.version + 1 } });
    expect(await appFeatures()).not.toContain(feature.name);
    // The app's filter by it (an old link, a home navigation entry) still finds its listings.
    const filtered = await post('/api/index/get-house-list', await t.tokenOf(DEMO_ACCOUNTS.broker), { houseTese: feature.id });
    expect(filtered.json().data.list.map((h: { id: number }) => h.id)).toContain(holder.id);

    // The listing that has it keeps it through a save; another listing cannot take it.
    const detail = (await t.call({ method: 'GET', url: `/api/admin/house/get?id=${holder.id}`, token: operator })).json().data;
    expect(detail.featureIds).toContain(feature.id);
    const kept = await post('/api/admin/house/update', operator, { id: holder.id, version: detail.version, featureIds: detail.featureIds, name: `${detail.name}·改` });
    expect(kept.statusCode, kept.body).toBe(200);
    const [other] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from house h where company_id = ${holder.companyId}
        and not exists (select 1 from house_feature_link l where l.house_id = h.id and l.feature_id = ${feature.id}) order by id limit 1`,
    );
    const refused = await post('/api/admin/house/update', operator, { id: other!.id, version: other!.version, featureIds: [feature.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: adminHomeMessages.featureUnknown, data: { field: 'featureIds' } });
    const created = await post('/api/admin/house/create', operator, { name: '新楼盘要停用特色', cityId: holder.cityId, featureIds: [feature.id] });
    expect(created.json()).toMatchObject({ msg: adminHomeMessages.featureUnknown });

    const restored = await post('/api/admin/feature/update', operator, { id: feature.id, version: feature.version + 1, active: true, name: `${feature.name}2` });
    expect(restored.json()).toMatchObject({ msg: text_.restored, data: { active: true, name: `${feature.name}2` } });
    expect(await appFeatures()).toContain(`${feature.name}2`);
    expect((await audits(feature.id)).at(-1)!.detail).toMatchObject({ changes: { active: { old: false, new: true }, name: { old: feature.name, new: `${feature.name}2` } } });

    const stale = await post('/api/admin/feature/update', operator, { id: feature.id, version: feature.version, active: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ reload: true, version: feature.version + 2 });
    const twin = features.find((f) => f.id !== feature.id)!;
    const clash = await post('/api/admin/feature/update', operator, { id: feature.id, version: feature.version + 2, name: twin.name });
    expect(clash.json()).toMatchObject({ msg: text_.nameTaken(twin.name), data: { field: 'name' } });
  });

  it('reorders the whole list, which the app follows; a stale or partial list moves nothing', async () => {
    const features = await list();
    const reversed = [...features].reverse().map(({ id, version }) => ({ id, version }));
    const stale = await post('/api/admin/feature/reorder', operator, { items: reversed.map((i, n) => (n === 0 ? { ...i, version: i.version + 5 } : i)) });
    expect(stale.statusCode).toBe(409);
    const partial = await post('/api/admin/feature/reorder', operator, { items: reversed.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect((await list()).map((f) => f.id)).toEqual(features.map((f) => f.id));

    const res = await post('/api/admin/feature/reorder', operator, { items: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((f: Feature) => f.id)).toEqual(reversed.map((i) => i.id));
    expect(await appFeatures()).toEqual([...features].reverse().filter((f) => f.active).map((f) => f.name));
  });

  it("keeps companies apart and console calls to console accounts", async () => {
    const mine = (await list())[0]!;
    const other = await t.consoleLogin(CONSOLE_ACCOUNTS.secondOperator, { host: HOSTS.second });
    const theirs = await list(other, HOSTS.second);
    expect(theirs.map((f) => f.id)).not.toContain(mine.id);
    expect((await post('/api/admin/feature/update', other, { id: mine.id, version: mine.version, name: '偷改' }, HOSTS.second)).statusCode).toBe(404);
    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    expect((await post('/api/admin/feature/create', broker, { name: '业务员加的' })).statusCode).toBe(403);
    expect((await post('/api/admin/feature/create', undefined, { name: '没登录' })).statusCode).toBe(401);
    expect((await list()).find((f) => f.id === mine.id)!.name).toBe(mine.name);
  });
});
