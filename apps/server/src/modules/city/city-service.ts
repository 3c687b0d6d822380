import { messages } from '@baobei/shared/messages';
import type { CityNode } from '@baobei/shared/schemas/session';
import { NotFoundError } from '../../lib/errors';
import type { Executor } from '../../db/client';
import { buildCityTree, createCityRepository, type CityRepository, type CityRow } from './city-repository';

export interface CityChoice {
  text: string;
  value: number;
  pid: number | null;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine); plenty for picking the nearest of ~20 centres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The cities one can choose as current city: the level under the provinces (init-config's checkCityList). */
function choosable(rows: readonly CityRow[]): CityRow[] {
  const roots = new Set(rows.filter((c) => c.parentId === null).map((c) => c.id));
  return rows.filter((c) => c.parentId !== null && roots.has(c.parentId));
}

const toChoice = (row: CityRow): CityChoice => ({ text: row.name, value: row.id, pid: row.parentId });

export { buildCityTree };

export function createCityService({ cities }: { cities: CityRepository }) {
  return {
    /** The company's cities, provinces and their cities, as stored. */
    async list(companyId: number): Promise<CityRow[]> {
      return cities.listByCompany(companyId);
    },

    /**
     * Every city of the company, enabled or not: the names the console shows beside its rows. In
     * the caller's transaction when it names one (PGlite has one connection: a read beside an open
     * transaction would wait for it).
     */
    async all(companyId: number, tx?: Executor): Promise<CityRow[]> {
      return (tx ? createCityRepository(tx) : cities).all(companyId);
    },

    async tree(companyId: number): Promise<CityNode[]> {
      return buildCityTree(await cities.listByCompany(companyId));
    },

    /**
     * The city a home page shows: the asked one when it is a city of the company, else the
     * company's default city (DECISIONS.md: Haikou), else its first choosable city.
     */
    async cityOrDefault(companyId: number, cityId: number | undefined): Promise<CityRow> {
      const rows = await cities.listByCompany(companyId);
      const asked = cityId === undefined ? undefined : rows.find((c) => c.id === cityId);
      const chosen = asked ?? rows.find((c) => c.isDefault) ?? choosable(rows)[0] ?? rows[0];
      if (!chosen) throw new NotFoundError(messages.locate.noCities);
      return chosen;
    },

    /** DECISIONS.md, Reverse geocoding: the choosable city whose centre is nearest. */
    async nearest(companyId: number, position: { latitude: number; longitude: number }): Promise<CityChoice> {
      let best: { row: CityRow; km: number } | undefined;
      for (const row of choosable(await cities.listByCompany(companyId))) {
        if (row.latitude === null || row.longitude === null) continue;
        const km = distanceKm(position, { latitude: row.latitude, longitude: row.longitude });
        if (!best || km < best.km) best = { row, km };
      }
      if (!best) throw new NotFoundError(messages.locate.noCity);
      return toChoice(best.row);
    },

    toChoice,
  };
}
export type CityService = ReturnType<typeof createCityService>;
