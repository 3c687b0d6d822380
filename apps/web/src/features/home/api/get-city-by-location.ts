import type { IndexData } from '@baobei/shared/schemas/house';
import { apiGet } from '../../../lib/api-client';

export type LocatedCity = IndexData['city'];

/**
 * `GET /api/index/get-city-by-location?latitude=&longitude=`: the company's city nearest to
 * the position (DECISIONS.md, Reverse geocoding). Quiet: a failure is told by the locating
 * flow's own 'locate failed' dialog, not the generic one. Called once per session, so no cache.
 */
export function getCityByLocation(position: { latitude: number; longitude: number }): Promise<LocatedCity> {
  return apiGet<LocatedCity>('/api/index/get-city-by-location', {
    query: { latitude: position.latitude, longitude: position.longitude },
    quiet: true,
  });
}
