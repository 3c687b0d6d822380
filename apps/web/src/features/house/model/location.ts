import gcoord from 'gcoord';

export interface LngLat {
  lng: number;
  lat: number;
}

/**
 * Listing coordinates are stored in Baidu's BD-09; the maps service (AMap) and the maps apps
 * take GCJ-02 (DECISIONS.md, Maps: converted by a library, never by hand).
 */
export function bd09ToGcj02(point: LngLat): LngLat {
  const [lng, lat] = gcoord.transform<[number, number]>([point.lng, point.lat], gcoord.BD09, gcoord.GCJ02);
  return { lng: Number(lng.toFixed(6)), lat: Number(lat.toFixed(6)) };
}

/** The converted point of a listing, or null when it has no coordinates (no location tab). */
export function listingPoint(house: { longitude: number | null; latitude: number | null }): LngLat | null {
  if (house.longitude === null || house.latitude === null) return null;
  if (!Number.isFinite(house.longitude) || !Number.isFinite(house.latitude)) return null;
  return bd09ToGcj02({ lng: house.longitude, lat: house.latitude });
}

/** The route planning page (part 1, section 2: query type, point, title). */
export function navigationPath(point: LngLat, title: string): string {
  const query = new URLSearchParams({ type: 'car', point: `${point.lng},${point.lat}`, title });
  return `/house/navigation?${query.toString()}`;
}
