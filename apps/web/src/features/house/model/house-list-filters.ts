import { BUILDING_PROPERTY_KEYS, SELLING_STATUSES, type BuildingProperty, type SellingStatus } from '@baobei/shared/rules/house';
import { NO_HOUSE_FILTERS, type HouseListFilters, type SearchInfo } from '@baobei/shared/schemas/house';

/** Part 1, section 9: page size 8 on the house list; a shorter page is the last. */
export const HOUSE_LIST_PAGE_SIZE = 8;

/** Typing searches after this pause (part 1, section 9: search input throttle 400 ms). */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * The filters live in the address (`keyword`, `area`, `price`, `feature`, `status`, and the
 * signed-in user's `order`, `property`, `high`, `incentive` of decision 090), so a
 * return from a detail page, a reload or a shared link shows the same list. `feature` is
 * the spec's own query ("query feature pre-selects a type filter").
 */
export const FILTER_PARAMS = {
  keyword: 'keyword',
  areaId: 'area',
  price: 'price',
  houseTese: 'feature',
  sellingStatus: 'status',
  order: 'order',
  commissionProperty: 'property',
  highCommission: 'high',
  incentive: 'incentive',
} as const satisfies Record<keyof HouseListFilters, string>;

/** `?focus=1` focuses the search box on open (part 1, section 2). */
export const FOCUS_PARAM = 'focus';

export const EMPTY_FILTERS: HouseListFilters = NO_HOUSE_FILTERS;

const PRICE_PATTERN = /^\d+-\d*$/;
const KEYWORD_MAX = 50;

function positiveInt(raw: string | null): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) return 0;
  return Number(raw);
}

function isSellingStatus(raw: string | null): raw is SellingStatus {
  return raw !== null && (SELLING_STATUSES as readonly string[]).includes(raw);
}

function isBuildingProperty(raw: string | null): raw is BuildingProperty {
  return raw !== null && (BUILDING_PROPERTY_KEYS as readonly string[]).includes(raw);
}

const isOn = (raw: string | null): '1' | '' => (raw === '1' ? '1' : '');

/** The filters of an address; anything malformed reads as "not set", as the server does. */
export function filtersFromParams(params: URLSearchParams): HouseListFilters {
  const price = params.get(FILTER_PARAMS.price) ?? '';
  const status = params.get(FILTER_PARAMS.sellingStatus);
  const property = params.get(FILTER_PARAMS.commissionProperty);
  return {
    keyword: (params.get(FILTER_PARAMS.keyword) ?? '').trim().slice(0, KEYWORD_MAX),
    areaId: positiveInt(params.get(FILTER_PARAMS.areaId)),
    price: PRICE_PATTERN.test(price) ? price : '',
    houseTese: positiveInt(params.get(FILTER_PARAMS.houseTese)),
    sellingStatus: isSellingStatus(status) ? status : '',
    order: params.get(FILTER_PARAMS.order) === 'COMMISSION' ? 'COMMISSION' : '',
    commissionProperty: isBuildingProperty(property) ? property : '',
    highCommission: isOn(params.get(FILTER_PARAMS.highCommission)),
    incentive: isOn(params.get(FILTER_PARAMS.incentive)),
  };
}

/** The address of some filters: only those that are set, and never the one-time `focus`. */
export function paramsFromFilters(filters: HouseListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword.trim()) params.set(FILTER_PARAMS.keyword, filters.keyword.trim());
  if (filters.areaId) params.set(FILTER_PARAMS.areaId, String(filters.areaId));
  if (filters.price) params.set(FILTER_PARAMS.price, filters.price);
  if (filters.houseTese) params.set(FILTER_PARAMS.houseTese, String(filters.houseTese));
  if (filters.sellingStatus) params.set(FILTER_PARAMS.sellingStatus, filters.sellingStatus);
  if (filters.order) params.set(FILTER_PARAMS.order, filters.order);
  if (filters.commissionProperty) params.set(FILTER_PARAMS.commissionProperty, filters.commissionProperty);
  if (filters.highCommission) params.set(FILTER_PARAMS.highCommission, filters.highCommission);
  if (filters.incentive) params.set(FILTER_PARAMS.incentive, filters.incentive);
  return params;
}

export function hasAnyFilter(filters: HouseListFilters): boolean {
  return paramsFromFilters(filters).toString() !== '';
}

export interface FilterOption<V extends string | number> {
  text: string;
  value: V;
}

/** An option list with one "not set" entry first (the server's list may or may not carry it). */
export function withUnlimited<V extends string | number>(
  options: readonly FilterOption<V>[],
  none: V,
  unlimitedText: string,
): FilterOption<V>[] {
  const rest = options.filter((o) => o.value !== none);
  return [{ text: unlimitedText, value: none }, ...rest];
}

/** The dropdown title: the chosen option's text, else the filter's name. */
export function optionTitle<V extends string | number>(
  options: readonly FilterOption<V>[],
  value: V,
  none: V,
  name: string,
): string {
  if (value === none) return name;
  return options.find((o) => o.value === value)?.text ?? name;
}

type AreaNode = SearchInfo['areaList'][number];

/** The area title: the chosen city (or province) of the tree, else the filter's name. */
export function areaTitle(areas: readonly AreaNode[], areaId: number, name: string): string {
  if (!areaId) return name;
  for (const node of areas) {
    if (node.value === areaId) return node.text;
    const child = node.children?.find((c) => c.value === areaId);
    if (child) return child.text;
  }
  return name;
}

/** The top-level node that holds `areaId` (itself or as a child), for the area panel's left column. */
export function areaRootOf(areas: readonly AreaNode[], areaId: number): number | null {
  if (!areaId) return null;
  for (const node of areas) {
    if (node.value === areaId || node.children?.some((c) => c.value === areaId)) return node.value;
  }
  return null;
}
