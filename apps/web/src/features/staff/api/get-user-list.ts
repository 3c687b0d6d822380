import { api } from '@baobei/shared/contract';
import type { StaffGroup } from '@baobei/shared/schemas/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { staffKeys } from './query-keys';

/** The staff the user manages, grouped by initial. */
export function getUserList(signal?: AbortSignal): Promise<StaffGroup[]> {
  // Part 2, section 8: the page toasts '获取员工数据失败' and shows its error state itself.
  return call(api.staff.getUserList, {}, { signal, quiet: true });
}

export function staffListQueryOptions() {
  return queryOptions({ queryKey: staffKeys.list(), queryFn: ({ signal }) => getUserList(signal) });
}

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
