import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { BUILDING_PROPERTIES, SELLING_STATUS_TEXT } from '@baobei/shared/rules/house';
import { formatCommission, formatLeadTime, formatProtectPeriod, formatShowPrice } from '@baobei/shared/rules/house-format';
import { city, commissionPolicy, favorite, house, houseContact, houseFeature, houseFeatureLink, houseUnitType, user } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
let localId: number;
let secondId: number;
let broker: string;
beforeAll(async () => {
  t = await createTestApp();
  localId = await t.companyIdOf(HOSTS.localhost);
  secondId = await t.companyIdOf(HOSTS.second);
  broker = await t.login('13800000003');
});
afterAll(async () => {
  await t.close();
});

const SIGNED_IN_LIST_KEYS = ['reportProtect', 'reportProtectDays', 'takeLookProtect', 'takeLookProtectDays', 'commissionPolicy'];
const SIGNED_IN_DETAIL_KEYS = ['commission', 'reportProtect', 'reportProtectDays', 'takeLookProtect', 'takeLookProtectDays'];

type Item = Record<string, unknown> & { id: number; name: string };

async function list(payload: object, options: { token?: string; host?: string; query?: string } = {}) {
  const res = await t.call({
    method: 'POST',
    url: `/api/index/get-house-list${options.query ?? ''}`,
    payload,
    token: options.token,
    host: options.host,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { list: Item[]; total: number; page: number; pageSize: number };
}

/** Every page of a filtered list, for comparing against the database. */
async function all(payload: object, options: { token?: string; host?: string } = {}): Promise<Item[]> {
  return (await list(payload, { ...options, query: '?page=1&pageSize=100' })).list;
}

async function activeHouses(companyId: number) {
  return t.database.db
    .select({ house, cityName: city.name, cityParent: city.parentId })
    .from(house)
    .innerJoin(city, eq(city.id, house.cityId))
    .where(and(eq(house.companyId, companyId), eq(house.active, true)))
    .orderBy(house.sort, house.id);
}

async function houseByName(name: string) {
  const rows = await t.database.db.select().from(house).where(eq(house.name, name));
  const row = rows[0];
  if (!row) throw new Error(`no house ${name}`);
  return row;
}

async function detail(payload: object, token?: string, host?: string) {
  return t.call({ method: 'POST', url: '/api/index/get-house-data', payload, token, host });
}

describe('house list: visitors and signed-in users', () => {
  it('gives visitors the first page in listing order without protection, commission or incentive time', async () => {
    const expected = await activeHouses(localId);
    const data = await list({});
    expect(data).toMatchObject({ total: expected.length, page: 1, pageSize: 8 });
    expect(data.list.map((i) => i.id)).toEqual(expected.slice(0, 8).map((r) => r.house.id));
    for (const item of data.list) {
      for (const key of SIGNED_IN_LIST_KEYS) expect(item).not.toHaveProperty(key);
      expect(item.incentiveTimeStr).toBe('');
    }
    const first = expected[0]!;
    const areas = await t.database.db
      .select({ floorArea: houseUnitType.floorArea })
      .from(houseUnitType)
      .where(eq(houseUnitType.houseId, first.house.id));
    const floorAreas = areas.map((a) => Number(a.floorArea)).sort((a, b) => a - b);
    expect(floorAreas.length).toBeGreaterThan(1);
    const range = `${floorAreas[0]}-${floorAreas[floorAreas.length - 1]}㎡`;
    expect(data.list[0]).toMatchObject({
      name: first.house.name,
      regionName: first.cityName,
      sellingStatus: first.house.sellingStatus,
      sellingStatusCn: SELLING_STATUS_TEXT[first.house.sellingStatus],
      themeName: first.house.tags,
      showPrice: formatShowPrice(first.house.packagePrice, first.house.averagePrice),
      // The unit types' range, not the project's total area.
      buildingArea: range,
      buildingDiagram: first.house.buildingDiagram,
    });
  });

  it('gives a listing without unit types no 建面, never the project’s total area (issue 28, item 9)', async () => {
    const haikou = (await activeHouses(localId))[0]!.house;
    const [bare] = await t.database.db
      .insert(house)
      .values({ companyId: localId, cityId: haikou.cityId, name: '无户型建面测试', buildingArea: 123456, sort: 998 })
      .returning({ id: house.id });
    try {
      const [item] = await all({ keyword: '无户型建面测试' });
      expect(item).toMatchObject({ id: bare!.id, buildingArea: '' });
      // The detail still gives the project's 建筑面积.
      const res = await detail({ id: bare!.id });
      expect(res.json().data.buildingArea).toBe('123456');
    } finally {
      await t.database.db.update(house).set({ active: false }).where(eq(house.id, bare!.id));
    }
  });

  it('gives signed-in users protection periods, the first current policy and the incentive time', async () => {
    const data = await list({}, { token: broker });
    for (const item of data.list) {
      const row = await houseByName(item.name);
      expect(item).toMatchObject({
        reportProtect: row.reportProtectHours,
        reportProtectDays: formatProtectPeriod(row.reportProtectHours),
        takeLookProtect: row.takeLookProtectHours,
        takeLookProtectDays: formatProtectPeriod(row.takeLookProtectHours),
        incentiveTimeStr: row.incentiveTimeStr,
      });
      const [first] = await t.database.db
        .select()
        .from(commissionPolicy)
        .where(
          and(
            eq(commissionPolicy.houseId, row.id),
            sql`(${commissionPolicy.longTerm} or ${commissionPolicy.policyEndDate} >= (now() at time zone 'Asia/Shanghai')::date)`,
          ),
        )
        .orderBy(commissionPolicy.sort, commissionPolicy.id)
        .limit(1);
      expect(item.commissionPolicy).toEqual({ secondaryPoint: first?.secondaryPoint ?? '', secondaryAward: first?.secondaryAward ?? '' });
    }
  });

  it('skips an ended policy for the current one, and gives empty texts with none current', async () => {
    // The last listing: the other tests of this file read the first ones' policies.
    const row = (await activeHouses(localId)).at(-1)!.house;
    await t.database.db.insert(commissionPolicy).values({
      houseId: row.id,
      buildingProperty: 'RESIDENCE',
      policyStartDate: '2020-01-01',
      policyEndDate: '2020-12-31',
      secondaryPoint: '9%',
      secondaryAward: '早已结束',
      sort: -1,
    });
    const all36 = { token: broker, query: '?page=1&pageSize=100' };
    const item = (await list({}, all36)).list.find((i) => i.id === row.id)!;
    expect(item.commissionPolicy).not.toEqual({ secondaryPoint: '9%', secondaryAward: '早已结束' });

    await t.database.db.update(commissionPolicy).set({ longTerm: false, policyEndDate: '2020-12-31' }).where(eq(commissionPolicy.houseId, row.id));
    const none = (await list({}, all36)).list.find((i) => i.id === row.id)!;
    expect(none.commissionPolicy).toEqual({ secondaryPoint: '', secondaryAward: '' });
  });

  it('pages: page 2 of size 8, and a short last page', async () => {
    const expected = (await activeHouses(localId)).map((r) => r.house.id);
    const second = await list({}, { query: '?page=2&pageSize=8' });
    expect(second).toMatchObject({ page: 2, pageSize: 8, total: expected.length });
    expect(second.list.map((i) => i.id)).toEqual(expected.slice(8, 16));
    const lastPage = Math.ceil(expected.length / 8);
    const last = await list({}, { query: `?page=${lastPage}&pageSize=8` });
    expect(last.list.length).toBe(expected.length - (lastPage - 1) * 8);
    expect(last.list.length).toBeLessThan(8);
    expect((await list({}, { query: `?page=${lastPage + 1}&pageSize=8` })).list).toEqual([]);
  });

  it('leaves out listings taken off the shelves and other companies’ listings', async () => {
    const off = await houseByName('海口·旧城新苑');
    expect(off.active).toBe(false);
    const ids = (await all({})).map((i) => i.id);
    expect(ids).not.toContain(off.id);
    const otherIds = (await activeHouses(secondId)).map((r) => r.house.id);
    expect(ids.some((id) => otherIds.includes(id))).toBe(false);
    const secondList = await all({}, { host: HOSTS.second });
    expect(secondList.map((i) => i.id).sort()).toEqual([...otherIds].sort());
  });
});

describe('house list filters', () => {
  it('finds a keyword in the name or the address', async () => {
    const rows = await activeHouses(localId);
    for (const keyword of ['湾', '观澜湖', '美兰区', '滨海大道']) {
      const expected = rows.filter((r) => r.house.name.includes(keyword) || r.house.buildingAddress.includes(keyword)).map((r) => r.house.id);
      expect(expected.length).toBeGreaterThan(0);
      const found = await all({ keyword });
      expect(found.map((i) => i.id)).toEqual(expected);
      expect((await list({ keyword })).total).toBe(expected.length);
    }
    // 美兰区 is in addresses only: the address really is searched.
    expect(rows.some((r) => r.house.name.includes('美兰区'))).toBe(false);
  });

  it('matches case-insensitively and takes % and _ literally', async () => {
    const haikou = (await activeHouses(localId))[0]!.house;
    const [latin] = await t.database.db
      .insert(house)
      .values({ companyId: localId, cityId: haikou.cityId, name: 'Sky Tower 天际', buildingAddress: '海口市龙华区', sort: 999 })
      .returning({ id: house.id });
    const [percent] = await t.database.db
      .insert(house)
      .values({ companyId: localId, cityId: haikou.cityId, name: '100%_海景', buildingAddress: '海口市秀英区', sort: 1000 })
      .returning({ id: house.id });
    expect((await all({ keyword: 'sky tower' })).map((i) => i.id)).toEqual([latin!.id]);
    expect((await all({ keyword: 'SKY' })).map((i) => i.id)).toEqual([latin!.id]);
    expect((await all({ keyword: '%' })).map((i) => i.id)).toEqual([percent!.id]);
    expect((await all({ keyword: '_' })).map((i) => i.id)).toEqual([percent!.id]);
    expect((await all({ keyword: '0%_海' })).map((i) => i.id)).toEqual([percent!.id]);
    expect(await all({ keyword: '\\' })).toEqual([]);
    // The other company never sees them.
    expect(await all({ keyword: 'sky' }, { host: HOSTS.second })).toEqual([]);
    await t.database.db.update(house).set({ active: false }).where(sql`${house.id} in (${latin!.id}, ${percent!.id})`);
  });

  it('filters by a city, and by a province for all its cities', async () => {
    const rows = await activeHouses(localId);
    const sanya = rows.find((r) => r.cityName === '三亚')!;
    const inSanya = await all({ areaId: sanya.house.cityId });
    expect(inSanya.map((i) => i.id)).toEqual(rows.filter((r) => r.cityName === '三亚').map((r) => r.house.id));
    expect(new Set(inSanya.map((i) => i.regionName))).toEqual(new Set(['三亚']));
    const province = await all({ areaId: sanya.cityParent });
    expect(province.length).toBe(rows.length);
    // Another company's province is no area of this one.
    const [otherProvince] = await t.database.db.select().from(city).where(and(eq(city.companyId, secondId), sql`${city.parentId} is null`));
    expect(await all({ areaId: otherProvince!.id })).toEqual([]);
  });

  it('filters by a price range: the package price in 万, a per-㎡ listing by its unit types’ total range, an open-ended one', async () => {
    const rows = await activeHouses(localId);
    const units = await t.database.db.select().from(houseUnitType);
    const inBand = (value: number, min: number, max: number | null) => value >= min && (max === null || value < max);
    // docs/decisions/023: a package price is the total; a per-㎡ listing costs from 均价 × its
    // smallest unit type to 均价 × its largest (元 → 万) and meets a band that range overlaps.
    const inRange = (min: number, max: number | null) =>
      rows
        .filter(({ house: h }) => {
          if (h.packagePrice) return inBand(h.packagePrice, min, max);
          const totals = units
            .filter((u) => u.houseId === h.id && u.floorArea !== null && h.averagePrice !== null)
            .map((u) => (h.averagePrice! * u.floorArea!) / 10_000);
          return totals.length > 0 && Math.max(...totals) >= min && (max === null || Math.min(...totals) < max);
        })
        .map((r) => r.house.id);
    for (const [price, min, max] of [
      ['0-100', 0, 100],
      ['100-150', 100, 150],
      ['150-200', 150, 200],
      ['200-300', 200, 300],
      ['300-500', 300, 500],
      ['500-', 500, null],
    ] as const) {
      const found = await all({ price });
      expect(found.map((i) => i.id), price).toEqual(inRange(min, max));
    }
    expect(inRange(0, null).length).toBeGreaterThan(0);
    // 三亚 + 200-300万 finds the listings priced per ㎡ too.
    const sanya = rows.find((r) => r.cityName === '三亚')!.house.cityId;
    const sanyaBand = await all({ areaId: sanya, price: '200-300' });
    const perSqm = sanyaBand.filter((i) => (i.showPrice as { unit: string }).unit === '元/㎡');
    expect(perSqm.length).toBeGreaterThan(0);
    expect(sanyaBand.map((i) => i.id)).toEqual(inRange(200, 300).filter((id) => rows.find((r) => r.house.id === id)!.cityName === '三亚'));
    // A per-㎡ listing without unit-type areas has no total: no band finds it.
    const [bare] = rows.filter((r) => !r.house.packagePrice && r.house.averagePrice !== null);
    await t.database.db.update(houseUnitType).set({ floorArea: null }).where(eq(houseUnitType.houseId, bare!.house.id));
    try {
      for (const price of ['0-100', '100-150', '150-200', '200-300', '300-500', '500-']) {
        expect((await all({ price })).map((i) => i.id)).not.toContain(bare!.house.id);
      }
    } finally {
      for (const u of units.filter((x) => x.houseId === bare!.house.id)) {
        await t.database.db.update(houseUnitType).set({ floorArea: u.floorArea }).where(eq(houseUnitType.id, u.id));
      }
    }
    // A malformed price is refused, never read as "any price".
    const bad = await t.call({ method: 'POST', url: '/api/index/get-house-list', payload: { price: 'cheap' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(messages.input.invalid('价格'));
  });

  it('filters by a feature (houseTese) and by selling status', async () => {
    const [sea] = await t.database.db
      .select()
      .from(houseFeature)
      .where(and(eq(houseFeature.companyId, localId), eq(houseFeature.name, '海景房')));
    const linked = await t.database.db
      .select({ id: houseFeatureLink.houseId })
      .from(houseFeatureLink)
      .innerJoin(house, eq(house.id, houseFeatureLink.houseId))
      .where(and(eq(houseFeatureLink.featureId, sea!.id), eq(house.active, true)));
    const found = await all({ houseTese: sea!.id });
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((i) => i.id).sort()).toEqual(linked.map((r) => r.id).sort());

    const soon = await all({ sellingStatus: 'SELL_SOON' });
    expect(soon.length).toBeGreaterThan(0);
    for (const item of soon) expect(item).toMatchObject({ sellingStatus: 'SELL_SOON', sellingStatusCn: '即将开盘' });
  });

  it('combines filters', async () => {
    const rows = await activeHouses(localId);
    const haikouId = rows.find((r) => r.cityName === '海口')!.house.cityId;
    const found = await all({ keyword: '湾', areaId: haikouId, sellingStatus: 'SELLING' });
    const expected = rows
      .filter((r) => r.house.cityId === haikouId && r.house.sellingStatus === 'SELLING')
      .filter((r) => r.house.name.includes('湾') || r.house.buildingAddress.includes('湾'))
      .map((r) => r.house.id);
    expect(found.map((i) => i.id)).toEqual(expected);
  });
});

describe('search info', () => {
  it('gives the areas, prices, features and statuses of the list', async () => {
    const res = await t.call({ method: 'GET', url: '/api/index/get-search-info' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.areaList).toHaveLength(1);
    expect(data.areaList[0].text).toBe('海南省');
    expect(data.areaList[0].children[0]).toEqual({ text: '海口', value: expect.any(Number) });
    expect(data.priceList.map((p: { value: string }) => p.value)).toEqual(['', '0-100', '100-150', '150-200', '200-300', '300-500', '500-']);
    expect(data.houseTeseList).toHaveLength(8);
    expect(data.statusList).toContainEqual({ text: '即将开盘', value: 'SELL_SOON' });
    expect(data.statusList).toHaveLength(6);
    // The spec's catalogue calls it with POST.
    const posted = await t.call({ method: 'POST', url: '/api/index/get-search-info', payload: {} });
    expect(posted.json().data).toEqual(data);
  });
});

describe('house detail', () => {
  it('gives visitors the listing without commission, protection or channel contacts', async () => {
    const row = await houseByName('海口湾一号');
    const res = await detail({ id: row.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const key of SIGNED_IN_DETAIL_KEYS) expect(data).not.toHaveProperty(key);
    expect(data).toMatchObject({
      id: row.id,
      name: row.name,
      isFavorite: false,
      shareUser: null,
      regionName: '海口',
      reportLeadTime: row.reportLeadTime,
      reportLeadTimeStr: formatLeadTime(row.reportLeadTime),
      plannedArea: String(row.plannedArea),
      buildingArea: String(row.buildingArea),
      plannedHousehold: String(row.plannedHousehold),
      plotRatio: String(row.plotRatio),
      greeningRate: String(row.greeningRate),
      propertyFee: String(row.propertyFee),
      themeName: row.tags,
      ruleTel: row.ruleTel,
      sellingStatusCn: SELLING_STATUS_TEXT[row.sellingStatus],
    });
    // Raw numbers: the web adds ㎡, %, 元/㎡, 户.
    for (const key of ['plannedArea', 'buildingArea', 'plannedHousehold', 'plotRatio', 'greeningRate', 'propertyFee']) {
      expect(data[key]).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(data.contacts.length).toBeGreaterThan(0);
    for (const c of data.contacts) expect(c.label).toBe('');
  });

  it('groups unit-type albums first, each with its own plan, then one details album', async () => {
    const row = await houseByName('海口湾一号');
    const data = (await detail({ id: row.id })).json().data;
    const unitTypes = await t.database.db.select().from(houseUnitType).where(eq(houseUnitType.houseId, row.id)).orderBy(houseUnitType.sort);
    const unitAlbums = data.albums.filter((a: { picType: string }) => a.picType === 'UNIT');
    expect(unitAlbums.map((a: { name: string }) => a.name)).toEqual(unitTypes.map((u) => u.typeName));
    unitAlbums.forEach((album: { typeIndex: number; list: { picUrl: string; picTypeCn: string }[] }, i: number) => {
      expect(album.typeIndex).toBe(i);
      expect(data.buildingType[i].typeName).toBe(unitTypes[i]!.typeName);
      expect(album.list.map((p) => p.picUrl)).toEqual([unitTypes[i]!.typeThumb]);
      expect(album.list[0]!.picTypeCn).toBe('户型图');
    });
    expect(data.albums.slice(0, unitTypes.length)).toEqual(unitAlbums);
    const last = data.albums[data.albums.length - 1];
    expect(data.albums).toHaveLength(unitTypes.length + 1);
    expect(last).toMatchObject({ picType: 'DETAIL', name: messages.house.detailAlbum, typeIndex: -1 });
    expect(new Set(last.list.map((p: { picTypeCn: string }) => p.picTypeCn))).toEqual(new Set(['效果图', '实景图', '样板间', '周边配套']));
    expect(last.list[0].picTypeCn).toBe('效果图');
    expect(data.buildingType[0].floorArea).toBe(String(unitTypes[0]!.floorArea));
  });

  it('falls back to sort order for plan pictures that name no unit type', async () => {
    const row = await houseByName('椰林湾花园');
    await t.database.db.execute(sql`update house_picture set unit_type_id = null where house_id = ${row.id}`);
    const data = (await detail({ id: row.id })).json().data;
    const unitTypes = await t.database.db.select().from(houseUnitType).where(eq(houseUnitType.houseId, row.id)).orderBy(houseUnitType.sort);
    const unitAlbums = data.albums.filter((a: { picType: string }) => a.picType === 'UNIT');
    expect(unitAlbums.map((a: { list: { picUrl: string }[] }) => a.list[0]!.picUrl)).toEqual(unitTypes.map((u) => u.typeThumb));
  });

  it('gives signed-in users commission, protection and the channel contacts after on-site staff', async () => {
    const row = await houseByName('海口湾一号');
    const data = (await detail({ id: row.id }, broker)).json().data;
    expect(data.commission).toEqual({
      commissionRule: row.commissionRule,
      commissionPolicy: row.commissionPolicy,
      incentiveTimeStr: row.incentiveTimeStr,
    });
    expect(data).toMatchObject({
      reportProtect: row.reportProtectHours,
      reportProtectDays: formatProtectPeriod(row.reportProtectHours),
      takeLookProtect: row.takeLookProtectHours,
      takeLookProtectDays: formatProtectPeriod(row.takeLookProtectHours),
    });
    const contacts = await t.database.db.select().from(houseContact).where(eq(houseContact.houseId, row.id));
    const onsite = contacts.filter((c) => c.kind === 'ONSITE').length;
    expect(data.contacts).toHaveLength(contacts.length);
    expect(contacts.some((c) => c.kind === 'CHANNEL')).toBe(true);
    data.contacts.forEach((c: { label: string }, i: number) => expect(c.label).toBe(i < onsite ? '' : messages.house.channelContactLabel));
  });

  it('says whether the signed-in user favourited the listing', async () => {
    const [me] = await t.database.db.select().from(user).where(eq(user.phone, '13800000003'));
    const [fav] = await t.database.db.select().from(favorite).where(eq(favorite.userId, me!.id)).limit(1);
    expect((await detail({ id: fav!.houseId }, broker)).json().data.isFavorite).toBe(true);
    expect((await detail({ id: fav!.houseId })).json().data.isFavorite).toBe(false);
  });

  it('names the sharer of a shared page only when the sharer is a user of this company', async () => {
    const row = await houseByName('海口湾一号');
    const [sharer] = await t.database.db.select().from(user).where(and(eq(user.companyId, localId), eq(user.phone, '13800000002')));
    const [stranger] = await t.database.db.select().from(user).where(and(eq(user.companyId, secondId), eq(user.phone, '13900000002')));
    const shared = (await detail({ id: row.id, shareUser: sharer!.id })).json().data;
    expect(shared.shareUser).toEqual({ uid: sharer!.id, label: sharer!.name, avatar: sharer!.avatar, phone: sharer!.phone });
    expect((await detail({ id: row.id, shareUser: stranger!.id })).json().data.shareUser).toBeNull();
    expect((await detail({ id: row.id, shareUser: 999999 })).json().data.shareUser).toBeNull();
    // Not an id: refused, not silently a visit without a sharer.
    expect((await detail({ id: row.id, shareUser: 'abc' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown id, a listing off the shelves and another company’s listing', async () => {
    const off = await houseByName('海口·旧城新苑');
    const other = (await activeHouses(secondId))[0]!.house;
    for (const id of [999999, off.id, other.id]) {
      const res = await detail({ id }, broker);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(messages.house.notFound);
    }
    expect((await detail({ id: other.id }, undefined, HOSTS.second)).statusCode).toBe(200);
    expect((await detail({ id: 'x' })).statusCode).toBe(400);
  });
});

describe('commission policies', () => {
  /** A listing with an ended policy beside its current one (the seed gives every 7th such a pair). */
  async function houseWithTwoPolicies() {
    const rows = await t.database.db
      .select({ houseId: commissionPolicy.houseId, property: commissionPolicy.buildingProperty, n: sql<number>`count(*)::int` })
      .from(commissionPolicy)
      .innerJoin(house, eq(house.id, commissionPolicy.houseId))
      .where(and(eq(house.companyId, localId), eq(house.active, true)))
      .groupBy(commissionPolicy.houseId, commissionPolicy.buildingProperty)
      .having(sql`count(*) > 1`)
      .orderBy(commissionPolicy.houseId)
      .limit(1);
    return rows[0]!;
  }

  it('needs a session', async () => {
    const { houseId } = await houseWithTwoPolicies();
    expect((await t.call({ method: 'GET', url: `/api/index/policy-property-group?buildingId=${houseId}` })).statusCode).toBe(401);
    const res = await t.call({
      method: 'POST',
      url: '/api/index/commission-policy-list?page=1&pageSize=1',
      payload: { buildingId: houseId, buildingProperty: 'RESIDENCE' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('counts a listing’s policies by property type', async () => {
    const { houseId, property, n } = await houseWithTwoPolicies();
    const res = await t.call({ method: 'GET', url: `/api/index/policy-property-group?buildingId=${houseId}`, token: broker });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as { label: string; value: keyof typeof BUILDING_PROPERTIES; count: number }[];
    expect(groups.find((g) => g.value === property)).toEqual({ label: BUILDING_PROPERTIES[property], value: property, count: n });
    const total = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(commissionPolicy).where(eq(commissionPolicy.houseId, houseId));
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(total[0]!.n);
    for (const g of groups) expect(g.label).toBe(BUILDING_PROPERTIES[g.value]);
  });

  it('pages one property type’s policies, the current one first', async () => {
    const { houseId, property, n } = await houseWithTwoPolicies();
    const first = await t.call({
      method: 'POST',
      url: '/api/index/commission-policy-list?page=1&pageSize=1',
      payload: { buildingId: houseId, buildingProperty: property },
      token: broker,
    });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ total: n, page: 1, pageSize: 1 });
    const current = data.list[0];
    expect(current.buildingPropertyCn).toBe(BUILDING_PROPERTIES[property]);
    if (current.longTerm) expect([current.policyStartDate, current.policyEndDate]).toEqual(['', '']);
    else expect(current.policyEndDate >= new Date().toISOString().slice(0, 10)).toBe(true);
    const second = await t.call({
      method: 'POST',
      url: '/api/index/commission-policy-list?page=2&pageSize=1',
      payload: { buildingId: houseId, buildingProperty: property },
      token: broker,
    });
    const ended = second.json().data.list[0];
    expect(ended.policyStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ended.policyEndDate < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('answers 404 for another company’s listing', async () => {
    const other = (await activeHouses(secondId))[0]!.house;
    const res = await t.call({ method: 'GET', url: `/api/index/policy-property-group?buildingId=${other.id}`, token: broker });
    expect(res.statusCode).toBe(404);
    const list2 = await t.call({
      method: 'POST',
      url: '/api/index/commission-policy-list?page=1&pageSize=1',
      payload: { buildingId: other.id, buildingProperty: 'RESIDENCE' },
      token: broker,
    });
    expect(list2.statusCode).toBe(404);
  });
});

describe('favourites', () => {
  const toggle = (payload: object, token?: string) => t.call({ method: 'POST', url: '/api/user/favorite-house', payload, token });
  const favorites = async (token: string, query = '?page=1&pageSize=8') => {
    const res = await t.call({ method: 'POST', url: `/api/user/favorite-house-list${query}`, token });
    expect(res.statusCode).toBe(200);
    return res.json().data as { list: (Record<string, unknown> & { houseId: number })[]; total: number };
  };

  it('needs a session', async () => {
    expect((await toggle({ id: 1, status: 1, name: '' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/user/favorite-house-list?page=1&pageSize=8' })).statusCode).toBe(401);
  });

  it('adds once, lists newest first, and removes', async () => {
    const token = await t.login('13800000005');
    const before = await favorites(token);
    const row = (await activeHouses(localId))[5]!.house;
    const added = await toggle({ id: row.id, status: 1, name: row.name }, token);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ msg: messages.house.favoriteAdded, data: { id: row.id, isFavorite: true } });
    expect((await toggle({ id: row.id, status: 1, name: row.name }, token)).statusCode).toBe(200);
    const after = await favorites(token);
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]!.houseId).toBe(row.id);
    expect((await detail({ id: row.id }, token)).json().data.isFavorite).toBe(true);

    const removed = await toggle({ id: row.id, status: 0, name: row.name }, token);
    expect(removed.json()).toMatchObject({ msg: messages.house.favoriteRemoved, data: { id: row.id, isFavorite: false } });
    expect((await favorites(token)).total).toBe(before.total);
    expect((await detail({ id: row.id }, token)).json().data.isFavorite).toBe(false);
  });

  it('refuses another company’s listing and a listing off the shelves', async () => {
    const other = (await activeHouses(secondId))[0]!.house;
    const res = await toggle({ id: other.id, status: 1, name: other.name }, broker);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(messages.house.notFound);
    const off = await houseByName('海口·旧城新苑');
    expect((await toggle({ id: off.id, status: 1, name: off.name }, broker)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(favorite).where(eq(favorite.houseId, other.id));
    const [me] = await t.database.db.select().from(user).where(and(eq(user.companyId, localId), eq(user.phone, '13800000003')));
    expect(rows.some((r) => r.userId === me!.id)).toBe(false);
  });

  it('gives each favourite its price, commission point, protection periods and report channel', async () => {
    const data = await favorites(broker, '?page=1&pageSize=50');
    expect(data.total).toBe(6);
    for (const item of data.list) {
      const row = (await t.database.db.select().from(house).where(eq(house.id, item.houseId)))[0]!;
      expect(item).toMatchObject({
        houseName: row.name,
        showPrice: formatShowPrice(row.packagePrice, row.averagePrice),
        tags: row.tags,
        reportProtect: formatProtectPeriod(row.reportProtectHours),
        takeLookProtect: formatProtectPeriod(row.takeLookProtectHours),
        chengjiaoDesc: `${messages.house.reportChannelOnline} · ${row.ruleTel === 'MASKED' ? messages.house.ruleTelMasked : messages.house.ruleTelFull}`,
      });
      const firstPoint = (await list({}, { token: broker, query: '?page=1&pageSize=100' })).list.find((i) => i.id === item.houseId)!
        .commissionPolicy as { secondaryPoint: string };
      expect(item.commissionPoint).toBe(formatCommission(firstPoint.secondaryPoint));
    }
    const page2 = await favorites(broker, '?page=2&pageSize=4');
    expect(page2.list.map((i) => i.houseId)).toEqual(data.list.slice(4, 8).map((i) => i.houseId));
  });
});
