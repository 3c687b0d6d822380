import { api } from '@baobei/shared/contract';
import type { AdminRecordOption } from '@baobei/shared/schemas/admin-record';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The company's listings or distributors matching a keyword (the report table's own options call, 50 at most). */
export function useExportOptions(kind: 'house' | 'distributor', keyword: string) {
  return useQuery({
    queryKey: ['admin', 'export', 'options', kind, keyword],
    queryFn: ({ signal }): Promise<AdminRecordOption[]> => call(api.adminRecord.options, { query: { kind, keyword: keyword || undefined } }, { signal }),
    staleTime: 60_000,
  });
}
