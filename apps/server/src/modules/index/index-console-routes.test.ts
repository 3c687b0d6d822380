import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { adminHomeMessages } from '@baobei/shared/messages/admin';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { queryRows } from '../../db/client';
import { auditLog, city, house, houseFeature, indexBanner, indexColumn, indexNav } from '../../db/schema';
import { CONSOLE_ACCOUNTS, DEMO_ACCOUNTS } from '../../test/accounts';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

/** Issue 15, item 5 (docs/decisions/042): the console's home content calls, end to end with the app's home page. */

let t: TestApp;
let companyA = 0;
let companyB = 0;
/** Two choosable cities of company localhost (the default one first) and a city of 127.0.0.1. */
let cityA = 0;
let cityA2 = 0;
let cityB = 0;
let featureA = 0;
let featureB = 0;
let operator = '';
const text_ = adminHomeMessages;

const consoleToken = (phone: string, host?: string) => t.consoleLogin(phone, { host });
const get = (url: string, token: string | undefined, host: string = HOSTS.localhost) => t.call({ method: 'GET', url, token, host });
const post = (url: string, token: string | undefined, payload: object, headers: Record<string, string> = {}, host: string = HOSTS.localhost) =>
  t.call({ method: 'POST', url, token, host, payload, headers });

const count = async (table: string) => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const audits = async (entity: string, id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id))).orderBy(asc(auditLog.id));
type Changes = Record<string, { old: unknown; new: unknown }>;
const changesOf = (row: { detail: Record<string, unknown> }) => row.detail.changes as Changes;

/** The app's home page of a city (as a visitor, the next load after a change). */
async function home(cityId?: number, host: string = HOSTS.localhost) {
  const res = await t.call({ method: 'GET', url: `/api/index/get-index-data${cityId ? `?cityId=${cityId}` : ''}`, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    city: { value: number };
    banners: { id: number; title: string; image: string; link: string }[];
    navs: { id: number; title: string; featureId: number | null }[];
    columns: { id: number; title: string; list: { id: number }[] }[];
  };
}
const minuteFromNow = (ms: number) => formatShanghaiMinute(new Date(Date.now() + ms));
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  companyA = await t.companyIdOf(HOSTS.localhost);
  companyB = await t.companyIdOf(HOSTS.second);
  const db = t.database.db;
  const citiesOf = async (companyId: number) =>
    db.select().from(city).where(and(eq(city.companyId, companyId), sql`${city.parentId} is not null`)).orderBy(sql`${city.isDefault} desc`, asc(city.id));
  const [a1, a2] = await citiesOf(companyA);
  cityA = a1!.id;
  cityA2 = a2!.id;
  cityB = (await citiesOf(companyB))[0]!.id;
  featureA = (await db.select({ id: houseFeature.id }).from(houseFeature).where(eq(houseFeature.companyId, companyA)).limit(1))[0]!.id;
  featureB = (await db.select({ id: houseFeature.id }).from(houseFeature).where(eq(houseFeature.companyId, companyB)).limit(1))[0]!.id;
  operator = await consoleToken(CONSOLE_ACCOUNTS.operator);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('console home content: banners', () => {
  it('lists a city’s banners as the app shows them, adds one the app shows on its next load, edits, reorders and deletes it, with audit rows', async () => {
    const listed = await get(`/api/admin/home/banner/list?cityId=${cityA}`, operator);
    expect(listed.statusCode, listed.body).toBe(200);
    const app = await home(cityA);
    expect(listed.json().data.list.filter((b: { live: boolean }) => b.live).map((b: { id: number }) => b.id)).toEqual(app.banners.map((b) => b.id));

    const created = await post('/api/admin/home/banner/create', operator, { cityId: cityA, image: '/assets/demo/house-1.jpg', title: '控制台新轮播', link: '/house/list' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().msg).toBe(text_.created);
    const banner = created.json().data;
    expect(banner).toMatchObject({ cityId: cityA, title: '控制台新轮播', link: '/house/list', startAt: '', endAt: '', live: true, version: 1 });
    // Last in the city's list, so last on the app's home page.
    expect((await home(cityA)).banners.at(-1)).toMatchObject({ id: banner.id, title: '控制台新轮播', image: '/assets/demo/house-1.jpg' });
    // Another city of the company does not show it.
    expect((await home(cityA2)).banners.map((b) => b.id)).not.toContain(banner.id);
    const [createdAudit] = await audits('index_banner', banner.id);
    expect(createdAudit).toMatchObject({ action: 'home.banner.create', companyId: companyA });
    expect(changesOf(createdAudit!).title).toEqual({ old: null, new: '控制台新轮播' });

    const updated = await post('/api/admin/home/banner/update', operator, { id: banner.id, version: 1, title: '改过的轮播', link: `/house/detail/1` });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: '改过的轮播', version: 2 });
    expect((await home(cityA)).banners.find((b) => b.id === banner.id)).toMatchObject({ title: '改过的轮播', link: '/house/detail/1' });
    const updateAudit = (await audits('index_banner', banner.id)).at(-1)!;
    expect(updateAudit.action).toBe('home.banner.update');
    expect(changesOf(updateAudit)).toEqual({
      title: { old: '控制台新轮播', new: '改过的轮播' },
      link: { old: '/house/list', new: '/house/detail/1' },
    });

    // The version read before the save is stale now: 409 with the reload hint, nothing changed.
    const stale = await post('/api/admin/home/banner/update', operator, { id: banner.id, version: 1, title: '旧版本的修改' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: text_.staleVersion, data: { reload: true, version: 2 } });
    expect((await t.database.db.select().from(indexBanner).where(eq(indexBanner.id, banner.id)))[0]).toMatchObject({ title: '改过的轮播', version: 2 });

    // Reorder: the new banner first in the app.
    const current = (await get(`/api/admin/home/banner/list?cityId=${cityA}`, operator)).json().data.list as { id: number; version: number }[];
    const order = [current.find((b) => b.id === banner.id)!, ...current.filter((b) => b.id !== banner.id)].map(({ id, version }) => ({ id, version }));
    const reordered = await post('/api/admin/home/banner/reorder', operator, { items: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.list.map((b: { id: number }) => b.id)).toEqual(order.map((o) => o.id));
    expect((await home(cityA)).banners[0]!.id).toBe(banner.id);
    expect((await audits('index_banner', banner.id)).at(-1)).toMatchObject({ action: 'home.banner.reorder' });
    // The same order with the versions read before it is stale.
    const staleOrder = await post('/api/admin/home/banner/reorder', operator, { items: order });
    expect(staleOrder.statusCode).toBe(409);

    const latest = (await t.database.db.select().from(indexBanner).where(eq(indexBanner.id, banner.id)))[0]!;
    expect((await post('/api/admin/home/banner/delete', operator, { id: banner.id, version: latest.version - 1 })).statusCode).toBe(409);
    const deleted = await post('/api/admin/home/banner/delete', operator, { id: banner.id, version: latest.version });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().msg).toBe(text_.deleted);
    expect((await home(cityA)).banners.map((b) => b.id)).not.toContain(banner.id);
    const deleteAudit = (await audits('index_banner', banner.id)).at(-1)!;
    expect(deleteAudit.action).toBe('home.banner.delete');
    expect(changesOf(deleteAudit).title).toEqual({ old: '改过的轮播', new: null });
  });

  it('shows a banner only within its active period', async () => {
    const future = await post('/api/admin/home/banner/create', operator, {
      cityId: cityA,
      image: '/assets/demo/house-2.jpg',
      title: '未来的轮播',
      startAt: minuteFromNow(DAY),
      endAt: minuteFromNow(2 * DAY),
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json().data.live).toBe(false);
    const past = await post('/api/admin/home/banner/create', operator, {
      cityId: null,
      image: '/assets/demo/house-2.jpg',
      title: '过期的轮播',
      startAt: minuteFromNow(-2 * DAY),
      endAt: minuteFromNow(-DAY),
    });
    expect(past.statusCode, past.body).toBe(200);
    const now = await post('/api/admin/home/banner/create', operator, { image: '/assets/demo/house-2.jpg', title: '进行中的轮播', startAt: minuteFromNow(-DAY), endAt: minuteFromNow(DAY) });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ cityId: null, cityName: '', live: true });

    const shown = (await home(cityA)).banners.map((b) => b.id);
    expect(shown).not.toContain(future.json().data.id);
    expect(shown).not.toContain(past.json().data.id);
    // Every city's (city null) banner within its period shows in each city.
    expect(shown).toContain(now.json().data.id);
    expect((await home(cityA2)).banners.map((b) => b.id)).toContain(now.json().data.id);

    // Opening the future one's period now shows it on the next load.
    const opened = await post('/api/admin/home/banner/update', operator, { id: future.json().data.id, version: 1, startAt: '' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await home(cityA)).banners.map((b) => b.id)).toContain(future.json().data.id);
  });

  it('refuses bad input with the field, changing nothing', async () => {
    const before = await count('index_banner');
    const audited = await count('audit_log');
    for (const [payload, field, msg] of [
      [{ cityId: cityA, image: '', title: 'x' }, 'image', text_.imageRequired],
      [{ cityId: cityA, image: 'javascript:alert(1)', title: 'x' }, 'image', text_.pictureInvalid('图片')],
      [{ cityId: cityA, image: '/a.jpg', link: 'https://elsewhere.example' }, 'link', text_.inAppLinkInvalid('链接')],
      [{ cityId: cityA, image: '/a.jpg', link: '//evil.example' }, 'link', text_.inAppLinkInvalid('链接')],
      [{ cityId: cityA, image: '/a.jpg', startAt: '2026-13-01 10:00' }, 'startAt', text_.timeInvalid('开始时间')],
      [{ cityId: cityA, image: '/a.jpg', startAt: '2026-05-02 10:00', endAt: '2026-05-01 10:00' }, 'endAt', text_.periodInvalid],
      [{ cityId: cityB, image: '/a.jpg' }, 'cityId', text_.cityUnknown],
    ] as const) {
      const res = await post('/api/admin/home/banner/create', operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ msg: msg, data: { field } });
    }
    // An update whose end would fall before the stored start.
    const [row] = await t.database.db.select().from(indexBanner).where(eq(indexBanner.companyId, companyA)).limit(1);
    const withStart = await post('/api/admin/home/banner/update', operator, { id: row!.id, version: row!.version, startAt: '2026-05-02 10:00' });
    expect(withStart.statusCode, withStart.body).toBe(200);
    const audited2 = await count('audit_log');
    const bad = await post('/api/admin/home/banner/update', operator, { id: row!.id, version: row!.version + 1, endAt: '2026-05-01 10:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: text_.periodInvalid, data: { field: 'endAt' } });
    expect(await count('index_banner')).toBe(before);
    expect(await count('audit_log')).toBe(audited2);
    expect(audited2).toBe(audited + 1);
    // Put it back open so other cases see the seed's banners.
    await post('/api/admin/home/banner/update', operator, { id: row!.id, version: row!.version + 1, startAt: '' });
  });

  it('creates one banner for two saves with one Idempotency-Key', async () => {
    const before = await count('index_banner');
    const headers = { 'idempotency-key': 'console-banner-create-0001' };
    const body = { cityId: cityA2, image: '/assets/demo/house-3.jpg', title: '幂等轮播' };
    const first = await post('/api/admin/home/banner/create', operator, body, headers);
    const second = await post('/api/admin/home/banner/create', operator, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await count('index_banner')).toBe(before + 1);
  });
});

describe('console home content: navigation grid', () => {
  it('adds a city’s item opening a feature, edits and deletes it; the app shows it in that city only', async () => {
    const before = (await home(cityA)).navs.length;
    const created = await post('/api/admin/home/nav/create', operator, { cityId: cityA, title: '新导航', icon: '/assets/demo/nav-1.png', featureId: featureA });
    expect(created.statusCode, created.body).toBe(200);
    const nav = created.json().data;
    expect(nav).toMatchObject({ cityId: cityA, title: '新导航', featureId: featureA, version: 1 });
    expect(nav.featureName).not.toBe('');
    const app = await home(cityA);
    expect(app.navs).toHaveLength(before + 1);
    expect(app.navs.at(-1)).toMatchObject({ id: nav.id, title: '新导航', featureId: featureA });
    expect((await home(cityA2)).navs.map((n) => n.id)).not.toContain(nav.id);
    expect((await audits('index_nav', nav.id))[0]).toMatchObject({ action: 'home.nav.create' });

    // The console's list of the city is what the app shows, in order.
    const listed = (await get(`/api/admin/home/nav/list?cityId=${cityA}`, operator)).json().data.list as { id: number }[];
    expect(listed.map((n) => n.id)).toEqual(app.navs.map((n) => n.id));

    const moved = await post('/api/admin/home/nav/update', operator, { id: nav.id, version: 1, cityId: null, featureId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ cityId: null, featureId: null, featureName: '', version: 2 });
    expect((await home(cityA2)).navs.map((n) => n.id)).toContain(nav.id);
    expect(changesOf((await audits('index_nav', nav.id)).at(-1)!)).toEqual({
      cityId: { old: cityA, new: null },
      featureId: { old: featureA, new: null },
    });

    const stale = await post('/api/admin/home/nav/update', operator, { id: nav.id, version: 1, title: '旧' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ reload: true, version: 2 });

    // A save that changes nothing writes nothing and keeps the version.
    const audited = await count('audit_log');
    const same = await post('/api/admin/home/nav/update', operator, { id: nav.id, version: 2, title: '新导航' });
    expect(same.json().data.version).toBe(2);
    expect(await count('audit_log')).toBe(audited);

    const deleted = await post('/api/admin/home/nav/delete', operator, { id: nav.id, version: 2 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await home(cityA)).navs.map((n) => n.id)).not.toContain(nav.id);
    expect((await audits('index_nav', nav.id)).at(-1)).toMatchObject({ action: 'home.nav.delete' });
  });

  it('refuses bad input with the field, changing nothing', async () => {
    const before = await count('index_nav');
    const audited = await count('audit_log');
    for (const [payload, field, msg] of [
      [{ title: '', icon: '/a.png' }, 'title', text_.titleRequired],
      [{ title: '导航', icon: '' }, 'icon', text_.iconRequired],
      [{ title: '导航', icon: '/a.png', featureId: featureB }, 'featureId', text_.featureUnknown],
      [{ title: '导航', icon: '/a.png', cityId: 'abc' }, 'cityId', undefined],
    ] as const) {
      const res = await post('/api/admin/home/nav/create', operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data, JSON.stringify(payload)).toEqual({ field });
      if (msg) expect(res.json().msg).toBe(msg);
    }
    expect(await count('index_nav')).toBe(before);
    expect(await count('audit_log')).toBe(audited);
  });
});

describe('console home content: columns', () => {
  it('adds a column with its listings in order, changes the order, and the app shows them so', async () => {
    const houses = await t.database.db
      .select({ id: house.id })
      .from(house)
      .where(and(eq(house.companyId, companyA), eq(house.active, true), eq(house.cityId, cityA)))
      .orderBy(asc(house.id))
      .limit(3);
    const ids = houses.map((h) => h.id).reverse();
    expect(ids).toHaveLength(3);
    const created = await post('/api/admin/home/column/create', operator, {
      cityId: cityA,
      type: 1,
      title: '控制台专栏',
      description: '运营挑选',
      moreLink: '/house/list',
      houseIds: ids,
    });
    expect(created.statusCode, created.body).toBe(200);
    const column = created.json().data;
    expect(column).toMatchObject({ type: 1, title: '控制台专栏', houseIds: ids, version: 1 });
    expect(column.houses.map((h: { id: number }) => h.id)).toEqual(ids);
    const shown = (await home(cityA)).columns.find((c) => c.id === column.id);
    expect(shown?.list.map((h) => h.id)).toEqual(ids);

    const turned = [ids[2]!, ids[0]!];
    const updated = await post('/api/admin/home/column/update', operator, { id: column.id, version: 1, houseIds: turned, description: '新描述' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ houseIds: turned, description: '新描述', version: 2 });
    expect((await home(cityA)).columns.find((c) => c.id === column.id)).toMatchObject({ title: '控制台专栏', list: turned.map((id) => ({ id })) });
    expect(changesOf((await audits('index_column', column.id)).at(-1)!)).toEqual({
      description: { old: '运营挑选', new: '新描述' },
      houseIds: { old: ids, new: turned },
    });

    // An empty video column is hidden in the app (part 1, section 2); a project column shows.
    const video = await post('/api/admin/home/column/create', operator, { cityId: cityA, type: 2, title: '空视频专栏' });
    expect(video.statusCode, video.body).toBe(200);
    expect((await home(cityA)).columns.map((c) => c.id)).not.toContain(video.json().data.id);

    expect((await post('/api/admin/home/column/update', operator, { id: column.id, version: 1, title: '旧' })).statusCode).toBe(409);
    const deleted = await post('/api/admin/home/column/delete', operator, { id: column.id, version: 2 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await home(cityA)).columns.map((c) => c.id)).not.toContain(column.id);
    expect(await t.database.db.select().from(indexColumn).where(eq(indexColumn.id, column.id))).toEqual([]);
    expect((await audits('index_column', column.id)).map((a) => a.action)).toEqual(['home.column.create', 'home.column.update', 'home.column.delete']);
  });

  it("refuses another company's listing, an unknown type and repeated listings, changing nothing", async () => {
    const [ofB] = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, companyB)).limit(1);
    const [ofA] = await t.database.db.select({ id: house.id }).from(house).where(eq(house.companyId, companyA)).limit(1);
    const before = await count('index_column');
    for (const [payload, field, msg] of [
      [{ type: 1, title: '专栏', houseIds: [ofB!.id] }, 'houseIds', text_.houseUnknown],
      [{ type: 5, title: '专栏' }, 'type', text_.columnTypeInvalid],
      [{ type: 1, title: '专栏', houseIds: [ofA!.id, ofA!.id] }, 'houseIds', text_.repeated('楼盘')],
      [{ type: 1, title: '专栏', moreLink: 'http://x.example' }, 'moreLink', text_.inAppLinkInvalid('更多链接')],
    ] as const) {
      const res = await post('/api/admin/home/column/create', operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ msg, data: { field } });
    }
    expect(await count('index_column')).toBe(before);
  });
});

describe('console home content: cities', () => {
  it('disables a city (gone from the app’s city lists and home), refuses disabling the default, moves the default', async () => {
    const listed = await get('/api/admin/home/city/list', operator);
    expect(listed.statusCode, listed.body).toBe(200);
    const cities = listed.json().data.list as { id: number; enabled: boolean; isDefault: boolean; version: number; parentId: number | null }[];
    const def = cities.find((c) => c.isDefault)!;
    const other = cities.find((c) => c.id === cityA2)!;
    expect(def.id).toBe(cityA);

    const refused = await post('/api/admin/home/city/update', operator, { id: def.id, version: def.version, enabled: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: text_.defaultCityDisabled, data: { field: 'enabled' } });
    const province = await post('/api/admin/home/city/update', operator, { id: def.parentId!, version: cities.find((c) => c.id === def.parentId)!.version, isDefault: true });
    expect(province.statusCode).toBe(400);
    expect(province.json()).toMatchObject({ msg: text_.defaultCityNotChoosable, data: { field: 'isDefault' } });

    const off = await post('/api/admin/home/city/update', operator, { id: other.id, version: other.version, enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, version: other.version + 1 });
    const tree = (await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data;
    expect(JSON.stringify(tree)).not.toContain(`"value":${other.id},`);
    const config = (await t.call({ method: 'GET', url: '/api/index/get-common-init-config' })).json().data;
    expect(config.checkCityList.map((c: { value: number }) => c.value)).not.toContain(other.id);
    expect(config.checkCityList.map((c: { value: number }) => c.value)).toContain(def.id);
    // The app asking for the disabled city gets the default city's home.
    expect((await home(other.id)).city.value).toBe(def.id);
    expect((await audits('city', other.id)).at(-1)).toMatchObject({ action: 'home.city.update' });

    // A disabled city cannot become the default; enabled again, it can.
    const notYet = await post('/api/admin/home/city/update', operator, { id: other.id, version: other.version + 1, isDefault: true });
    expect(notYet.statusCode).toBe(400);
    const on = await post('/api/admin/home/city/update', operator, { id: other.id, version: other.version + 1, enabled: true, isDefault: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, isDefault: true });
    expect((await home()).city.value).toBe(other.id);
    const oldDefault = (await t.database.db.select().from(city).where(eq(city.id, def.id)))[0]!;
    expect(oldDefault).toMatchObject({ isDefault: false, version: def.version + 1 });
    expect(changesOf((await audits('city', def.id)).at(-1)!)).toEqual({ isDefault: { old: true, new: false } });

    const stale = await post('/api/admin/home/city/update', operator, { id: def.id, version: def.version, isDefault: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ reload: true, version: def.version + 1 });

    // Back as it was.
    const back = await post('/api/admin/home/city/update', operator, { id: def.id, version: def.version + 1, isDefault: true });
    expect(back.statusCode, back.body).toBe(200);
    expect((await home()).city.value).toBe(def.id);
    expect(await t.database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyA), eq(city.isDefault, true)))).toEqual([{ id: def.id }]);
  });
});

describe('console regions (issue 30, item 1)', () => {
  it('adds a province and a city with its centre, renames and moves it, refuses bad parents, twins and half a centre', async () => {
    const province = await post('/api/admin/home/city/create', operator, { parentId: null, name: '测试省' });
    expect(province.statusCode, province.body).toBe(200);
    expect(province.json()).toMatchObject({ msg: text_.created, data: { parentId: null, name: '测试省', enabled: true, isDefault: false, version: 1 } });
    const provinceId = province.json().data.id as number;
    const created = await post('/api/admin/home/city/create', operator, { parentId: provinceId, name: '西沙', latitude: 16.8339, longitude: 112.3386, sort: 5 });
    expect(created.statusCode, created.body).toBe(200);
    const xisha = created.json().data as { id: number; version: number };
    expect(xisha).toMatchObject({ parentId: provinceId, name: '西沙', latitude: 16.8339, longitude: 112.3386, sort: 5, isDefault: false });
    expect((await audits('city', xisha.id))[0]).toMatchObject({ action: 'home.city.create' });

    // The app offers it at once: in the city tree, and as the nearest city to a point beside its centre.
    const tree = JSON.stringify((await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data);
    expect(tree).toContain(`"value":${xisha.id},`);
    const located = await t.call({ method: 'GET', url: '/api/index/get-city-by-location?latitude=16.83&longitude=112.34' });
    expect(located.json().data).toMatchObject({ value: xisha.id });

    const refusals: [object, string, string][] = [
      [{ parentId: provinceId, name: '西沙' }, text_.cityNameTaken('西沙'), 'name'],
      [{ parentId: cityB, name: '别家的城' }, text_.cityParentNotProvince, 'parentId'],
      [{ parentId: provinceId, name: '万宁', latitude: 18.8 }, text_.cityCoordinatesPair, 'latitude'],
      [{ parentId: provinceId, name: ' ' }, text_.cityNameRequired, 'name'],
    ];
    const before = await count('city');
    for (const [body, msg, field] of refusals) {
      const res = await post('/api/admin/home/city/create', operator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg, data: { field } });
    }
    expect(await count('city')).toBe(before);

    const renamed = await post('/api/admin/home/city/update', operator, { id: xisha.id, version: xisha.version, name: '西沙市', latitude: 16.84, longitude: 112.33 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '西沙市', latitude: 16.84, longitude: 112.33, version: xisha.version + 1 });
    expect(changesOf((await audits('city', xisha.id)).at(-1)!)).toEqual({
      name: { old: '西沙', new: '西沙市' },
      latitude: { old: 16.8339, new: 16.84 },
      longitude: { old: 112.3386, new: 112.33 },
    });
    const twin = await post('/api/admin/home/city/update', operator, { id: xisha.id, version: xisha.version + 1, name: '西沙市' });
    expect(twin.statusCode).toBe(200);
    const sibling = (await post('/api/admin/home/city/create', operator, { parentId: provinceId, name: '万宁' })).json().data as { id: number; version: number };
    const clash = await post('/api/admin/home/city/update', operator, { id: sibling.id, version: sibling.version, name: '西沙市' });
    expect(clash.json()).toMatchObject({ msg: text_.cityNameTaken('西沙市'), data: { field: 'name' } });
    // Another company's operator cannot reach it.
    const other = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    expect((await post('/api/admin/home/city/update', other, { id: sibling.id, version: sibling.version, name: '偷改' }, {}, HOSTS.second)).statusCode).toBe(404);
  });

  it('adds districts (区县) under a city, a third and last level the app does not offer as cities', async () => {
    const province = (await post('/api/admin/home/city/create', operator, { parentId: null, name: '区县测试省' })).json().data as { id: number };
    const town = (await post('/api/admin/home/city/create', operator, { parentId: province.id, name: '区县测试市' })).json().data as { id: number };
    const made = await post('/api/admin/home/city/create', operator, { parentId: town.id, name: '嘉积镇', latitude: 19.25, longitude: 110.47 });
    expect(made.statusCode, made.body).toBe(200);
    const district = made.json().data as { id: number; version: number };
    expect(district).toMatchObject({ parentId: town.id, name: '嘉积镇', latitude: 19.25, isDefault: false });
    expect((await audits('city', district.id))[0]).toMatchObject({ action: 'home.city.create' });
    const listed = (await get('/api/admin/home/city/list', operator)).json().data.list as { id: number }[];
    expect(listed.map((c) => c.id)).toContain(district.id);

    // Not a level more, not the default city, and not a city anywhere a city is taken.
    const deeper = await post('/api/admin/home/city/create', operator, { parentId: district.id, name: '更下一级' });
    expect(deeper.json()).toMatchObject({ msg: text_.regionTooDeep, data: { field: 'parentId' } });
    const asDefault = await post('/api/admin/home/city/update', operator, { id: district.id, version: district.version, isDefault: true });
    expect(asDefault.json()).toMatchObject({ msg: text_.defaultCityNotChoosable });
    const [first] = await t.database.db.select({ id: city.id }).from(city).where(and(eq(city.companyId, companyA), eq(city.parentId, town.id)));
    expect(first).toEqual({ id: district.id });
    const listing = await post('/api/admin/house/create', operator, { name: '区县里的楼盘', cityId: district.id });
    expect(listing.statusCode).toBe(400);
    expect(listing.json().data).toMatchObject({ field: 'cityId' });
    // The app's city tree, its area filter and the current-city choices stay provinces and cities.
    const tree = JSON.stringify((await t.call({ method: 'GET', url: '/api/publicapi/get-city' })).json().data);
    expect(tree).toContain(`"value":${town.id},`);
    expect(tree).not.toContain(`"value":${district.id},`);
    const search = JSON.stringify((await t.call({ method: 'GET', url: '/api/index/get-search-info' })).json().data);
    expect(search).not.toContain(`"value":${district.id}`);
  });

  it("makes a new company's first city its default, so its app has a home page", async () => {
    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const made = await post('/api/admin/company/create', platform, { title: '陵水新房报备', hosts: ['ls.example.com'], operator: { name: '陵运营', phone: '13900003333' } });
    expect(made.statusCode, made.body).toBe(200);
    const { password } = made.json().data.operator as { password: string };
    const first = await t.consoleLogin('13900003333', { host: 'ls.example.com', password });
    const changed = await post('/api/admin/auth/change-password', first, { oldPassword: password, password: 'Lingshui2026', passwordMore: 'Lingshui2026' }, {}, 'ls.example.com');
    expect(changed.statusCode, changed.body).toBe(200);
    const token = await t.consoleLogin('13900003333', { host: 'ls.example.com', password: 'Lingshui2026' });
    // 概览's 开通清单: nothing yet.
    const setup = async () => (await t.call({ method: 'GET', url: '/api/admin/setup', token, host: 'ls.example.com' })).json().data;
    expect(await setup()).toEqual({ cities: 0, features: 0, auditors: 0, houses: 0, distributors: 0 });
    const province = (await post('/api/admin/home/city/create', token, { name: '海南省' }, {}, 'ls.example.com')).json().data as { id: number };
    expect(province).toMatchObject({ isDefault: false });
    const lingshui = await post('/api/admin/home/city/create', token, { parentId: province.id, name: '陵水', latitude: 18.5, longitude: 110.04 }, {}, 'ls.example.com');
    expect(lingshui.json().data).toMatchObject({ name: '陵水', isDefault: true });
    const second = await post('/api/admin/home/city/create', token, { parentId: province.id, name: '保亭' }, {}, 'ls.example.com');
    expect(second.json().data).toMatchObject({ isDefault: false });
    const init = (await t.call({ method: 'GET', url: '/api/index/get-common-init-config', host: 'ls.example.com' })).json().data;
    expect(init.checkCityList.map((c: { text: string }) => c.text)).toEqual(['陵水', '保亭']);
    expect((await home(undefined, 'ls.example.com')).city.value).toBe(lingshui.json().data.id);
    expect(await setup()).toEqual({ cities: 2, features: 0, auditors: 0, houses: 0, distributors: 0 });
    // The demo company has every part.
    const demo = (await t.call({ method: 'GET', url: '/api/admin/setup', token: operator })).json().data;
    for (const part of ['cities', 'features', 'auditors', 'houses', 'distributors']) expect(demo[part], part).toBeGreaterThan(0);
  });
});

describe('console home content: who', () => {
  it("answers 404 for another company's rows, 403 to a mobile account, 401 without a session, and serves the platform administrator", async () => {
    const db = t.database.db;
    const [banner] = await db.select().from(indexBanner).where(eq(indexBanner.companyId, companyA)).limit(1);
    const [nav] = await db.select().from(indexNav).where(eq(indexNav.companyId, companyA)).limit(1);
    const [column] = await db.select().from(indexColumn).where(eq(indexColumn.companyId, companyA)).limit(1);
    const [cityRow] = await db.select().from(city).where(and(eq(city.companyId, companyA), isNull(city.parentId))).limit(1);
    const stranger = await consoleToken(CONSOLE_ACCOUNTS.secondOperator, HOSTS.second);
    const on = (url: string, payload: object) => post(url, stranger, payload, {}, HOSTS.second);
    const audited = await count('audit_log');
    for (const [url, payload] of [
      ['/api/admin/home/banner/update', { id: banner!.id, version: banner!.version, title: '别人的' }],
      ['/api/admin/home/banner/delete', { id: banner!.id, version: banner!.version }],
      ['/api/admin/home/banner/reorder', { items: [{ id: banner!.id, version: banner!.version }] }],
      ['/api/admin/home/nav/update', { id: nav!.id, version: nav!.version, title: '别人的' }],
      ['/api/admin/home/nav/delete', { id: nav!.id, version: nav!.version }],
      ['/api/admin/home/column/update', { id: column!.id, version: column!.version, title: '别人的' }],
      ['/api/admin/home/column/delete', { id: column!.id, version: column!.version }],
      ['/api/admin/home/column/reorder', { items: [{ id: column!.id, version: column!.version }] }],
      ['/api/admin/home/city/update', { id: cityRow!.id, version: cityRow!.version, enabled: false }],
    ] as const) {
      const res = await on(url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    // Naming a city of company localhost in its own content: 400, nothing written.
    const foreignCity = await on('/api/admin/home/banner/create', { cityId: cityA, image: '/a.jpg' });
    expect(foreignCity.json()).toMatchObject({ msg: text_.cityUnknown, data: { field: 'cityId' } });
    expect(await count('audit_log')).toBe(audited);
    // Its lists hold only its own company's rows.
    const itsBanners = (await get('/api/admin/home/banner/list', stranger, HOSTS.second)).json().data.list as { id: number }[];
    const ofB = await db.select({ id: indexBanner.id }).from(indexBanner).where(eq(indexBanner.companyId, companyB));
    expect(itsBanners.map((b) => b.id).sort()).toEqual(ofB.map((b) => b.id).sort());
    expect((await get('/api/admin/home/city/list', stranger, HOSTS.second)).json().data.list.map((c: { id: number }) => c.id)).toContain(cityB);
    expect(await db.select({ title: indexBanner.title }).from(indexBanner).where(eq(indexBanner.id, banner!.id))).toEqual([{ title: banner!.title }]);

    const broker = await t.tokenOf(DEMO_ACCOUNTS.broker);
    expect((await get('/api/admin/home/banner/list', broker)).statusCode).toBe(403);
    expect((await post('/api/admin/home/city/update', broker, { id: cityRow!.id, version: cityRow!.version, enabled: false })).statusCode).toBe(403);
    expect((await get('/api/admin/home/nav/list', undefined)).statusCode).toBe(401);

    const platform = await consoleToken(CONSOLE_ACCOUNTS.platformAdmin);
    const res = await get(`/api/admin/home/column/list?cityId=${cityA}`, platform);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.length).toBeGreaterThan(0);
  });
});

describe('console home content: odd input', () => {
  it('answers every call below 500 with odd bodies and queries, changing nothing', async () => {
    const odd: unknown[] = [null, 'x', 12, [], [1, 2], { id: 'abc' }, { id: -1, version: 1 }, { id: 2 ** 31, version: 0 }, { items: 'x' }, { items: [{ id: 1 }] }, { cityId: 1.5, image: {}, type: '9' }, { startAt: 12, endAt: [] }, { houseIds: 'x' }, { title: 'x'.repeat(10_000) }];
    const tables = ['index_banner', 'index_nav', 'index_column', 'city', 'audit_log'];
    const before = await Promise.all(tables.map(count));
    for (const kind of ['banner', 'nav', 'column']) {
      for (const action of ['create', 'update', 'delete', 'reorder']) {
        for (const body of odd) {
          const res = await t.call({ method: 'POST', url: `/api/admin/home/${kind}/${action}`, token: operator, payload: body as object });
          expect(res.statusCode, `${kind}/${action} ${JSON.stringify(body).slice(0, 80)} ${res.body}`).toBeLessThan(500);
          expect(res.statusCode).not.toBe(200);
        }
      }
      for (const qs of ['cityId=abc', 'cityId=-1', 'cityId=99999999999', 'cityId=']) {
        expect((await get(`/api/admin/home/${kind}/list?${qs}`, operator)).statusCode, qs).toBeLessThan(500);
      }
    }
    for (const body of odd) {
      const res = await t.call({ method: 'POST', url: '/api/admin/home/city/update', token: operator, payload: body as object });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});

// docs/decisions/050: after this file's flows, no audit row they wrote holds a password, its hash or a token.
describe('audit rows of these flows', () => {
  it('hold no password, hash or token', async () => {
    const { expectNoSecretsInAudit } = await import('../../test/audit-secrets');
    expect(await expectNoSecretsInAudit(t.database.db)).toBeGreaterThan(0);
  });
});
