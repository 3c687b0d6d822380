import { COLUMN_TYPES } from '@baobei/shared/rules/house';
import { formatShowPrice } from '@baobei/shared/rules/house-format';
import type { IndexData } from '@baobei/shared/schemas/house';
import type { CityService } from '../city/city-service';
import type { IndexRepository } from './index-repository';

/** Part 1, section 2: video and VR columns are hidden when they have no listing. */
const HIDDEN_WHEN_EMPTY = new Set<number>([COLUMN_TYPES.VIDEO, COLUMN_TYPES.VR]);

export function createIndexService({ index, cities }: { index: IndexRepository; cities: CityService }) {
  return {
    /** The home page of a city; an unknown or missing city gives the company's default city. */
    async indexData(companyId: number, cityId: number | undefined): Promise<IndexData> {
      const city = await cities.cityOrDefault(companyId, cityId);
      const [banners, navs, columns] = await Promise.all([
        index.banners(companyId, city.id),
        index.navs(companyId, city.id),
        index.columns(companyId, city.id),
      ]);
      const cards = await index.columnCards(
        companyId,
        columns.map((c) => c.id),
      );
      const byColumn = new Map<number, IndexData['columns'][number]['list']>();
      for (const card of cards) {
        const list = byColumn.get(card.columnId) ?? [];
        list.push({
          id: card.id,
          name: card.name,
          logo: card.buildingDiagram,
          tags: card.tags,
          showPrice: formatShowPrice(card.packagePrice, card.averagePrice),
          buildingVideo: card.buildingVideo,
          buildingVr: card.buildingVr,
        });
        byColumn.set(card.columnId, list);
      }
      return {
        city: cities.toChoice(city),
        banners,
        navs,
        columns: columns
          .map((column) => ({ ...column, list: byColumn.get(column.id) ?? [] }))
          .filter((column) => column.list.length > 0 || !HIDDEN_WHEN_EMPTY.has(column.type)),
      };
    },
  };
}
export type IndexService = ReturnType<typeof createIndexService>;
