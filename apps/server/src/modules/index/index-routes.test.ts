import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { COLUMN_TYPES } from '@baobei/shared/rules/house';
import { formatShowPrice } from '@baobei/shared/rules/house-format';
import { city, house, indexBanner, indexColumn, indexColumnHouse } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';

let t: TestApp;
let localId: number;
let secondId: number;
beforeAll(async () => {
  t = await createTestApp();
  localId = await t.companyIdOf(HOSTS.localhost);
  secondId = await t.companyIdOf(HOSTS.second);
});
afterAll(async () => {
  await t.close();
});

interface Card {
  id: number;
  name: string;
  logo: string;
  tags: string[];
  showPrice: { price: string; unit: string };
}
interface Column {
  id: number;
  type: number;
  title: string;
  list: Card[];
}

async function indexData(query = '', host: string = HOSTS.localhost, token?: string) {
  const res = await t.call({ method: 'GET', url: `/api/index/get-index-data${query}`, host, token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { city: { text: string; value: number; pid: number | null }; banners: { id: number }[]; columns: Column[]; navs: unknown[] };
}

async function cityId(companyId: number, name: string): Promise<number> {
  const [row] = await t.database.db.select().from(city).where(and(eq(city.companyId, companyId), eq(city.name, name)));
  return row!.id;
}

describe('home index data', () => {
  it('shows the default city (Haikou) without a city, or with an unknown or foreign one', async () => {
    const haikou = await cityId(localId, '海口');
    for (const query of ['', '?cityId=', '?cityId=999999', `?cityId=${await cityId(secondId, '三亚')}`]) {
      const data = await indexData(query);
      expect(data.city).toMatchObject({ text: '海口', value: haikou });
      expect(data.city.pid).not.toBeNull();
    }
    // Not a city id at all: refused, never read as "no city".
    for (const query of ['?cityId=abc', '?cityId=2147483648', '?cityId=1%00']) {
      const res = await t.call({ method: 'GET', url: `/api/index/get-index-data${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('gives the city’s banners and those of every city, in order', async () => {
    const haikou = await cityId(localId, '海口');
    const sanya = await cityId(localId, '三亚');
    const expected = async (id: number) =>
      (
        await t.database.db
          .select({ id: indexBanner.id })
          .from(indexBanner)
          .where(and(eq(indexBanner.companyId, localId), or(eq(indexBanner.cityId, id), isNull(indexBanner.cityId))))
          .orderBy(asc(indexBanner.sort), asc(indexBanner.id))
      ).map((r) => r.id);
    const atHaikou = await indexData(`?cityId=${haikou}`);
    expect(atHaikou.banners.map((b) => b.id)).toEqual(await expected(haikou));
    const atSanya = await indexData(`?cityId=${sanya}`);
    expect(atSanya.city.text).toBe('三亚');
    expect(atSanya.banners.map((b) => b.id)).toEqual(await expected(sanya));
    expect(atSanya.banners.length).toBeLessThan(atHaikou.banners.length);
    expect(atHaikou.navs.length).toBe(8);
  });

  it('fills columns with their active listings in column order as cards', async () => {
    const data = await indexData();
    expect(data.columns.map((c) => c.type)).toEqual([1, 2, 3, 4]);
    for (const column of data.columns) {
      const links = await t.database.db
        .select({ house })
        .from(indexColumnHouse)
        .innerJoin(house, eq(house.id, indexColumnHouse.houseId))
        .where(eq(indexColumnHouse.columnId, column.id))
        .orderBy(asc(indexColumnHouse.sort));
      expect(column.list.map((c) => c.id)).toEqual(links.map((l) => l.house.id));
      for (const [k, card] of column.list.entries()) {
        const h = links[k]!.house;
        expect(card).toEqual({
          id: h.id,
          name: h.name,
          logo: h.buildingDiagram,
          tags: h.tags,
          showPrice: formatShowPrice(h.packagePrice, h.averagePrice),
          buildingVideo: h.buildingVideo,
          buildingVr: h.buildingVr,
        });
      }
    }
    const video = data.columns.find((c) => c.type === COLUMN_TYPES.VIDEO)!;
    expect(video.list.length).toBeGreaterThan(0);
  });

  it('hides empty video and VR columns but keeps other empty columns', async () => {
    // The second company's seed has an empty VR column for its default city.
    const [emptyVr] = await t.database.db
      .select()
      .from(indexColumn)
      .where(and(eq(indexColumn.companyId, secondId), eq(indexColumn.type, COLUMN_TYPES.VR)));
    const second = await indexData('', HOSTS.second);
    expect(second.columns.map((c) => c.id)).not.toContain(emptyVr!.id);
    expect(second.columns.length).toBeGreaterThan(0);

    // Empty the first company's columns of one type each: only the project column stays.
    const local = await indexData();
    const ids = local.columns.map((c) => c.id);
    await t.database.db.delete(indexColumnHouse).where(inArray(indexColumnHouse.columnId, ids));
    const emptied = await indexData();
    expect(emptied.columns.map((c) => c.type)).toEqual([COLUMN_TYPES.PROJECT, COLUMN_TYPES.FEATURED]);
    for (const c of emptied.columns) expect(c.list).toEqual([]);
  });

  it('leaves a listing taken off the shelves out of its column', async () => {
    const sanyaId = await cityId(localId, '三亚');
    const before = await indexData(`?cityId=${sanyaId}`);
    const column = before.columns.find((c) => c.list.length > 1)!;
    const gone = column.list[0]!;
    await t.database.db.update(house).set({ active: false }).where(eq(house.id, gone.id));
    const after = await indexData(`?cityId=${sanyaId}`);
    expect(after.columns.find((c) => c.id === column.id)!.list.map((c) => c.id)).toEqual(column.list.slice(1).map((c) => c.id));
  });
});
