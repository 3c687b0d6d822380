import { api } from '@baobei/shared/contract';
import type { CityNode } from '@baobei/shared/schemas/session';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface HouseOptions {
  cities: { label: string; value: number }[];
  features: { label: string; value: number }[];
}

function leaves(nodes: readonly CityNode[]): { label: string; value: number }[] {
  return nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [{ label: n.text, value: n.value }]));
}

/**
 * The filters' choices: the company's cities (the public city tree, its leaves) and listing
 * features (the app's search options). Both are public calls of the host's company, sent
 * without the console's token (decision 039: a console token is refused on the app's calls).
 */
export function useHouseOptions() {
  return useQuery({
    queryKey: ['admin', 'house', 'options'],
    queryFn: async ({ signal }): Promise<HouseOptions> => {
      const [cities, search] = await Promise.all([
        call(api.city.getCity, undefined, { signal, withToken: false }),
        call(api.home.getSearchInfo, undefined, { signal, withToken: false }),
      ]);
      return { cities: leaves(cities), features: search.houseTeseList.map((f) => ({ label: f.text, value: f.value })) };
    },
    staleTime: 5 * 60_000,
  });
}
