/**
 * The current city's pure rules (part 1, section 4, City), kept apart from the store so they
 * can be tested without a browser.
 */

/** A city one can choose as current city (an entry of the session's checkCityList). */
export interface CityOption {
  text: string;
  value: number;
  pid: number | null;
}

/** The stored current city (part 1, section 3: currentCity text, value, pid, time). */
export interface CurrentCity extends CityOption {
  /** When it was chosen, epoch ms ("the current city is stored with a timestamp"). */
  time: number;
}

/** DECISIONS.md, Default city: Haikou. */
export const DEFAULT_CITY_NAME = '海口';

/** Haikou of the company's choosable cities, else the first one; null with no cities at all. */
export function defaultCity(cities: readonly CityOption[]): CityOption | null {
  return cities.find((c) => c.text.includes(DEFAULT_CITY_NAME)) ?? cities[0] ?? null;
}

/**
 * The stored city while it is still one of the company's cities (a city may have been
 * removed since it was chosen); unknown lists (config not loaded) keep the stored city.
 */
export function validStoredCity(stored: CurrentCity | null, cities: readonly CityOption[]): CurrentCity | null {
  if (!stored) return null;
  if (cities.length === 0) return stored;
  return cities.some((c) => c.value === stored.value) ? stored : null;
}

/** The city the app shows: the stored one, else the default (the fallback is never stored). */
export function effectiveCity(stored: CurrentCity | null, cities: readonly CityOption[]): CityOption | null {
  return validStoredCity(stored, cities) ?? defaultCity(cities);
}

/** Reads a stored value defensively: anything not shaped like a current city counts as none. */
export function parseStoredCity(raw: unknown): CurrentCity | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { text, value, pid, time } = raw as Record<string, unknown>;
  if (typeof text !== 'string' || typeof value !== 'number' || typeof time !== 'number') return null;
  if (pid !== null && typeof pid !== 'number') return null;
  return { text, value, pid, time };
}

export interface CityGroup {
  /** The parent's id, or 0 for cities without a parent. */
  key: number;
  title: string;
  cities: CityOption[];
}

interface CityTreeNode {
  text: string;
  value: number;
  children: CityTreeNode[] | null;
}

/**
 * "All cities grouped by parent" (part 1, section 2, City selection), from the city tree:
 * each top-level node with children is a group of its children; top-level cities without
 * children gather in one group titled `looseTitle`, after the others.
 */
export function groupCities(tree: readonly CityTreeNode[], looseTitle: string): CityGroup[] {
  const groups: CityGroup[] = [];
  const loose: CityOption[] = [];
  for (const node of tree) {
    if (node.children && node.children.length > 0) {
      groups.push({
        key: node.value,
        title: node.text,
        cities: node.children.map((c) => ({ text: c.text, value: c.value, pid: node.value })),
      });
    } else {
      loose.push({ text: node.text, value: node.value, pid: null });
    }
  }
  if (loose.length > 0) groups.push({ key: 0, title: looseTitle, cities: loose });
  return groups;
}
