import { api } from '@baobei/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

export interface MapConfig {
  /** The AMap web key; '' when none is configured (typed coordinates only). */
  mapKey: string;
  mapSecurityCode: string;
}

/**
 * The maps key and security code: the same public answer the mobile app starts with
 * (get-common-init-config of the host's company), sent without the console's token
 * (decision 039: a console token is refused on the app's calls).
 */
export function useMapConfig() {
  return useQuery({
    queryKey: ['admin', 'house', 'map-config'],
    queryFn: async ({ signal }): Promise<MapConfig> => {
      const config = await call(api.auth.getCommonInitConfig, undefined, { signal, withToken: false });
      return { mapKey: config.mapKey, mapSecurityCode: config.mapSecurityCode };
    },
    staleTime: 5 * 60_000,
  });
}
