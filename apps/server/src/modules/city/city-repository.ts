import { asc, eq } from 'drizzle-orm';
import type { CityNode } from '@baobei/shared/schemas/session';
import type { Executor } from '../../db/client';
import { city } from '../../db/schema';

export type CityRow = typeof city.$inferSelect;

/** Part 1, section 3: the city tree; a node without children carries null. */
export function buildCityTree(rows: readonly CityRow[]): CityNode[] {
  const byParent = new Map<number | null, CityRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): CityNode[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = build(row.id);
      return { id: row.id, text: row.name, value: row.id, children: children.length ? children : null };
    });
  return build(null);
}

export function createCityRepository(db: Executor) {
  return {
    async listByCompany(companyId: number): Promise<CityRow[]> {
      return db.select().from(city).where(eq(city.companyId, companyId)).orderBy(asc(city.sort), asc(city.id));
    },
  };
}
export type CityRepository = ReturnType<typeof createCityRepository>;
