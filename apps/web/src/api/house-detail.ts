import { api } from '@baobei/shared/contract';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { keptUid } from '../lib/session/session-store';
import { readKeeping } from '../lib/offline/kept-answers';

/**
 * The listing detail, one call and one cache entry for both domains that read it: the
 * listing pages (features/house) show it, the report form takes a listing's facts from it
 * (api/report-house-facts, features/report), so a form opened from a detail page reads the
 * detail already fetched.
 */

export interface HouseDataInput {
  id: number;
  /** The sharer's user id on a shared page (/house/detail/:id/:shareId). */
  shareUser?: number;
}

/** The listing domain's cache root (`houseKeys.all`), under which the details sit. */
export const HOUSE_KEY_ROOT = ['house'] as const;

export const houseDetailKeys = {
  /** Every cached detail of one listing, whoever views it (the favourite toggle updates them all). */
  details: (id: number) => [...HOUSE_KEY_ROOT, 'detail', id] as const,
  detail: (id: number, scope: { shareUser: number | null; viewer: number | null }) =>
    [...houseDetailKeys.details(id), scope] as const,
};

/** The listing detail, with the sharer on a shared page (signed-in fields only with a session). */
export function getHouseData(input: HouseDataInput, signal?: AbortSignal): Promise<HouseDetail> {
  // Each reader shows its own failure (the page its '获取数据失败' dialog, part 1, section 8), not the generic one.
  // Without a network, the detail as this device last read it (decision 094).
  return readKeeping(keptUid(), `house:${input.id}:${input.shareUser ?? 0}`, () => call(api.house.getHouseData, { body: input }, { signal, quiet: true }));
}

/**
 * Keyed by the viewer as well: signing in or a silent 401 reset changes what the server
 * sends (commission, protection periods), so the detail is fetched again.
 */
export function houseDetailQueryOptions(input: HouseDataInput, viewerUid: number | null) {
  return queryOptions({
    queryKey: houseDetailKeys.detail(input.id, { shareUser: input.shareUser ?? null, viewer: viewerUid }),
    queryFn: ({ signal }) => getHouseData(input, signal),
  });
}
