import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { call } from '../../../lib/api-client';

export type LocatedCity = DataOf<typeof api.city.getCityByLocation>;

/**
 * The company's city nearest to the position (DECISIONS.md, Reverse geocoding). Quiet: a
 * failure is told by the locating flow's own 'locate failed' dialog, not the generic one.
 * Called once per session, so no cache.
 */
export function getCityByLocation(position: { latitude: number; longitude: number }): Promise<LocatedCity> {
  return call(api.city.getCityByLocation, { query: { latitude: position.latitude, longitude: position.longitude } }, { quiet: true });
}
