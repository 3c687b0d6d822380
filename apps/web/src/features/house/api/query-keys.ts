/**
 * The favourites list's query key. The list lives in features/favorite and the toggle in
 * features/house-detail; features never import each other, so the key they share lives here
 * (part 1, section 4: toggling a favourite marks the favourite list for refresh).
 */
export const FAVORITE_LIST_KEY = ['favorite', 'list'] as const;
