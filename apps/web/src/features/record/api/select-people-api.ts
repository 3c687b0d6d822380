import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { Grouped } from '../model/select-logic';
import { reportSelectKeys } from './query-keys';

export interface Staff {
  name: string;
  phone: string;
}

/** `POST /api/record/get-daikan-list`: the viewing staff (the distributor's colleagues), grouped. */
export function useDaikanList(enabled: boolean) {
  return useQuery({
    queryKey: reportSelectKeys.daikan(),
    queryFn: ({ signal }) => apiPost<Grouped<Staff>[]>('/api/record/get-daikan-list', {}, { signal, quiet: true }),
    enabled,
  });
}
