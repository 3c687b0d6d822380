import { city } from '../schema';
import type { Tx } from '../client';

export interface CitySeed {
  name: string;
  /** Approximate centre (GCJ-02), used by "nearest city" locating. */
  latitude: number;
  longitude: number;
  isDefault?: boolean;
}

/** The province node groups the cities; it has no centre so locating never picks it. */
export const PROVINCE = '海南省';

/** Hainan's cities and counties, Haikou first and default (DECISIONS.md, Default city). */
export const HAINAN_CITIES: readonly CitySeed[] = [
  { name: '海口', latitude: 20.044, longitude: 110.1983, isDefault: true },
  { name: '三亚', latitude: 18.2528, longitude: 109.5119 },
  { name: '儋州', latitude: 19.5209, longitude: 109.5808 },
  { name: '琼海', latitude: 19.2584, longitude: 110.4746 },
  { name: '文昌', latitude: 19.543, longitude: 110.7977 },
  { name: '万宁', latitude: 18.7962, longitude: 110.3893 },
  { name: '陵水', latitude: 18.506, longitude: 110.0372 },
  { name: '澄迈', latitude: 19.7384, longitude: 110.0071 },
  { name: '五指山', latitude: 18.7752, longitude: 109.5169 },
  { name: '东方', latitude: 19.0953, longitude: 108.6537 },
  { name: '乐东', latitude: 18.7476, longitude: 109.1732 },
  { name: '定安', latitude: 19.6813, longitude: 110.3593 },
  { name: '屯昌', latitude: 19.3516, longitude: 110.103 },
  { name: '临高', latitude: 19.9125, longitude: 109.6877 },
  { name: '保亭', latitude: 18.6395, longitude: 109.7026 },
  { name: '琼中', latitude: 19.0336, longitude: 109.8385 },
  { name: '昌江', latitude: 19.2984, longitude: 109.0557 },
  { name: '白沙', latitude: 19.2246, longitude: 109.4516 },
];

export interface InsertedCities {
  provinceId: number;
  /** City name to id. */
  ids: Map<string, number>;
  defaultId: number;
  byName(name: string): CitySeed;
}

/**
 * Two levels: 海南省, then its cities. Listings hang on a city node, so a query by city id
 * needs no descendant logic; districts appear in addresses only.
 */
export async function insertCities(tx: Tx, companyId: number): Promise<InsertedCities> {
  const [province] = await tx
    .insert(city)
    .values({ companyId, parentId: null, name: PROVINCE, latitude: null, longitude: null, sort: 0 })
    .returning({ id: city.id });
  if (!province) throw new Error('seed: province not inserted');
  const rows = await tx
    .insert(city)
    .values(
      HAINAN_CITIES.map((c, i) => ({
        companyId,
        parentId: province.id,
        name: c.name,
        latitude: c.latitude,
        longitude: c.longitude,
        isDefault: c.isDefault ?? false,
        sort: i,
      })),
    )
    .returning({ id: city.id, name: city.name });
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const defaultName = HAINAN_CITIES.find((c) => c.isDefault)?.name ?? '海口';
  const defaultId = ids.get(defaultName);
  if (defaultId === undefined) throw new Error('seed: default city missing');
  const seeds = new Map(HAINAN_CITIES.map((c) => [c.name, c]));
  return {
    provinceId: province.id,
    ids,
    defaultId,
    byName(name) {
      const found = seeds.get(name);
      if (!found) throw new Error(`seed: unknown city '${name}'`);
      return found;
    },
  };
}
