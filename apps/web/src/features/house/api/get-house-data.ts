import { api } from '@baobei/shared/contract';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { houseKeys } from './query-keys';

export interface HouseDataInput {
  id: number;
  /** The sharer's user id on a shared page (/house/detail/:id/:shareId). */
  shareUser?: number;
}

/** The listing detail, with the sharer on a shared page (signed-in fields only with a session). */
export function getHouseData(input: HouseDataInput, signal?: AbortSignal): Promise<HouseDetail> {
  // The page shows its own '获取数据失败' dialog (part 1, section 8), not the generic one.
  return call(api.house.getHouseData, { body: input }, { signal, quiet: true });
}

/**
 * Keyed by the viewer as well: signing in or a silent 401 reset changes what the server
 * sends (commission, protection periods), so the detail is fetched again.
 */
export function houseDetailQueryOptions(input: HouseDataInput, viewerUid: number | null) {
  return queryOptions({
    queryKey: houseKeys.detail(input.id, { shareUser: input.shareUser ?? null, viewer: viewerUid }),
    queryFn: ({ signal }) => getHouseData(input, signal),
  });
}

export function useHouseDetail(input: HouseDataInput, viewerUid: number | null) {
  return useQuery({ ...houseDetailQueryOptions(input, viewerUid), enabled: input.id > 0 });
}
