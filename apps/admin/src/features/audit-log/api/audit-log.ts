import { api } from '@baobei/shared/contract';
import type { AdminAuditLogListInput } from '@baobei/shared/schemas/admin-audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type AuditLogFilters = Omit<AdminAuditLogListInput, 'cursor' | 'pageSize'>;

/** GET /api/admin/audit-log/list: a page of the company's audit rows after `cursor` (none: the newest). */
export function useAuditLog(filters: AuditLogFilters, cursor: string | null, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'audit-log', 'list', filters, cursor, pageSize],
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = { pageSize };
      for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[key] = value as string | number;
      if (cursor) query.cursor = cursor;
      return call(api.adminAuditLog.list, { query: query as AdminAuditLogListInput }, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/audit-log/actors: the company's accounts matching a name or phone (none typed: its console accounts). */
export function useAuditActors(keyword: string) {
  return useQuery({
    queryKey: ['admin', 'audit-log', 'actors', keyword],
    queryFn: ({ signal }) => call(api.adminAuditLog.actors, { query: keyword ? { keyword } : {} }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
