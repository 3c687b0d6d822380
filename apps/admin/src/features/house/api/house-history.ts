import { api } from '@baobei/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/admin/house/history: a page of a listing's audit rows, newest first. */
export function useHouseHistory(id: number | null, page: number) {
  return useQuery({
    queryKey: ['admin', 'house', 'history', id, page],
    queryFn: ({ signal }) => call(api.admin.houseHistory, { query: { id: id ?? 0, page, pageSize: HISTORY_PAGE_SIZE } }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
