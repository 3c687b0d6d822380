import type { HouseListFilters } from '@baobei/shared/schemas/house';
import type { PosterContent } from '../model/poster-content';
import { HOUSE_KEY_ROOT, houseDetailKeys } from '../../../api/house-detail';

/**
 * Every query key of the listing domain (the list, a listing's detail and commission, the
 * favourites), so that a query and every invalidation of it read the same key (decision
 * 029). The values are those the features used before the regrouping.
 */
export const houseKeys = {
  all: HOUSE_KEY_ROOT,
  searchInfo: () => [...houseKeys.all, 'search-info'] as const,
  list: (filters: HouseListFilters) => [...houseKeys.all, 'list', filters] as const,
  /** The detail's keys, shared with the report form (api/house-detail). */
  details: houseDetailKeys.details,
  detail: houseDetailKeys.detail,
  commissionPolicy: (buildingId: number, buildingProperty: string) =>
    [...houseKeys.all, 'commission-policy', buildingId, buildingProperty] as const,
  policyGroup: (buildingId: number) => [...houseKeys.all, 'policy-group', buildingId] as const,
  /**
   * The favourites list (part 1, section 4: toggling a favourite marks it for refresh). It
   * keeps its own root, as before: invalidating `houseKeys.all` does not reach it.
   */
  favorites: () => ['favorite', 'list'] as const,
  /**
   * A drawn poster (docs/decisions/091), by everything on it. Its own root: refreshing the
   * listing's queries does not draw it again unless what it shows changed.
   */
  poster: (content: PosterContent | null) => ['poster', content] as const,
};
