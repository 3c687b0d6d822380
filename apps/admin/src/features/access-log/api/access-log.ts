import { api } from '@baobei/shared/contract';
import type { AdminAccessLogListInput } from '@baobei/shared/schemas/admin-access-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type AccessLogFilters = Omit<AdminAccessLogListInput, 'cursor' | 'pageSize'>;

/** The filters as the list's and the export's query take them: the empty ones left out. */
export function accessLogQuery(filters: AccessLogFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[key] = value as string | number;
  return query;
}

/** GET /api/admin/access-log/list: a page of who saw full numbers after `cursor` (none: the newest). */
export function useAccessLog(filters: AccessLogFilters, cursor: string | null, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'access-log', 'list', filters, cursor, pageSize],
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = { ...accessLogQuery(filters), pageSize };
      if (cursor) query.cursor = cursor;
      return call(api.adminAccessLog.list, { query: query as AdminAccessLogListInput }, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The account filter's choices: GET /api/admin/audit-log/actors (the same area's picker; none typed: the console accounts). */
export function useAccessLogUsers(keyword: string) {
  return useQuery({
    queryKey: ['admin', 'access-log', 'users', keyword],
    queryFn: ({ signal }) => call(api.adminAuditLog.actors, { query: keyword ? { keyword } : {} }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
