/**
 * Route planning (/house/navigation?type=&point=lng,lat&title=): the destination and a link
 * that opens route planning in the maps app (DECISIONS.md, Maps: with no maps key, "a link
 * that opens route planning in the maps app"). The point is GCJ-02 already (the detail page
 * converts the stored BD-09), which is what AMap's URI expects by default.
 */
export const TRAVEL_MODES = ['car', 'bus', 'walk', 'ride'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export interface Point {
  lng: number;
  lat: number;
}

/** 'lng,lat' with both in range, else null. */
export function parsePoint(raw: string | null | undefined): Point | null {
  const parts = (raw ?? '').split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '')) return null;
  const [lng, lat] = parts.map(Number) as [number, number];
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return { lng, lat };
}

/** The query's `type` as a travel mode; anything else is driving. */
export function parseTravelMode(raw: string | null | undefined): TravelMode {
  return (TRAVEL_MODES as readonly string[]).includes(raw ?? '') ? (raw as TravelMode) : 'car';
}

/**
 * AMap's navigation URI: `to=lng,lat,name` (commas would split the name, so they go),
 * `callnative=1` opens the AMap app when installed, else AMap's web page.
 */
export function amapNavigationUri(point: Point, title: string, mode: TravelMode = 'car'): string {
  const name = title.replace(/[,，]/g, ' ').trim();
  const to = `${point.lng},${point.lat}${name ? `,${encodeURIComponent(name)}` : ''}`;
  return `https://uri.amap.com/navigation?to=${to}&mode=${mode}&callnative=1`;
}
