import { api } from '@baobei/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportSelectKeys } from './query-keys';

export interface Staff {
  name: string;
  phone: string;
}

/** The viewing staff (the distributor's colleagues), grouped. */
export function useDaikanList(enabled: boolean) {
  return useQuery({
    queryKey: reportSelectKeys.daikan(),
    queryFn: ({ signal }) => call(api.customer.getDaikanList, {}, { signal, quiet: true }),
    enabled,
  });
}
