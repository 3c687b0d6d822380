import { bd09ToGcj02, type LngLat } from '@baobei/shared/rules/map-coordinates';

export type { LngLat };

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
