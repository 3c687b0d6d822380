import { useQuery } from '@tanstack/react-query';
import { houseDetailQueryOptions, type HouseDataInput } from '../../../api/house-detail';

/** The listing pages' detail; its call and cache entry are shared with the report form (api/house-detail). */
export function useHouseDetail(input: HouseDataInput, viewerUid: number | null) {
  return useQuery({ ...houseDetailQueryOptions(input, viewerUid), enabled: input.id > 0 });
}
