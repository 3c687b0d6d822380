import { api } from '@baobei/shared/contract';
import type { AdminHouse, AdminHouseListItem, AdminHouseListQuery } from '@baobei/shared/schemas/admin-house';
import { call } from '../../../lib/api-client';

export const housesQueryKey = ['admin', 'house', 'list'] as const;

export interface HousePage {
  list: AdminHouseListItem[];
  total: number;
}

export type HouseListFilters = Partial<Omit<AdminHouseListQuery, 'page' | 'pageSize'>>;

/** GET /api/admin/house/list: a page of the company's listings (withdrawn ones included), filtered. */
export async function listHouses(page: number, pageSize: number, filters: HouseListFilters): Promise<HousePage> {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[key] = value;
  const answer = await call(api.admin.listHouses, { query: query as AdminHouseListQuery });
  return { list: answer.list, total: answer.total };
}

/** POST withdraw or restore at the version the table shows; a stale one is 409 (the caller reloads). */
export function setHouseActive(row: Pick<AdminHouseListItem, 'id' | 'version'>, active: boolean): Promise<AdminHouse> {
  return call(active ? api.admin.restoreHouse : api.admin.withdrawHouse, { body: { id: row.id, version: row.version } });
}
