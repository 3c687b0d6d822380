import gcoord from 'gcoord';

export interface LngLat {
  lng: number;
  lat: number;
}

const round6 = (value: number) => Number(value.toFixed(6));

/**
 * Listing coordinates are stored in Baidu's BD-09; the maps service (AMap) and the maps apps
 * take GCJ-02 (DECISIONS.md, Maps: converted by a library, never by hand). Both directions are
 * rounded to 6 decimals, the precision the listing's 经度/纬度 keep.
 */
export function bd09ToGcj02(point: LngLat): LngLat {
  const [lng, lat] = gcoord.transform<[number, number]>([point.lng, point.lat], gcoord.BD09, gcoord.GCJ02);
  return { lng: round6(lng), lat: round6(lat) };
}

/** A point picked on AMap (GCJ-02) as the listing stores it (BD-09). */
export function gcj02ToBd09(point: LngLat): LngLat {
  const [lng, lat] = gcoord.transform<[number, number]>([point.lng, point.lat], gcoord.GCJ02, gcoord.BD09);
  return { lng: round6(lng), lat: round6(lat) };
}
