import { adminAccessLogMessages as text_ } from '@baobei/shared/messages/admin/access-log';
import { customRange } from '@baobei/shared/rules/date-presets';
import type { AdminAccessLogFilter, AdminAccessLogItem, AdminAccessLogList, AdminAccessLogListQuery } from '@baobei/shared/schemas/admin-access-log';
import { cursors } from '@baobei/shared/schemas/cursor';
import { nextCursorOf } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import type { PiiAccessFilters, PiiAccessRepository, PiiAccessRow } from './pii-access-repository';

export const routeLabel = (route: string): string => text_.routes[route] ?? route;

export function toAccessLogItem(row: PiiAccessRow): AdminAccessLogItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    userName: row.actor === 'EXTERNAL' ? text_.external : (row.userName ?? ''),
    userPhone: row.userPhone ?? '',
    actor: row.actor,
    phoneMasked: row.phoneMasked,
    recordId: row.recordId,
    customerId: row.customerId,
    route: row.route,
    routeLabel: routeLabel(row.route),
  };
}

/**
 * 访问日志 for the console (docs/decisions/092): the host's company's rows only (decision 039),
 * filtered by the customer's phone through the same keyed hash the log was written with.
 */
export function createPiiAccessConsole(deps: { repository: PiiAccessRepository; phoneKey: (phone: string) => string }) {
  const { repository, phoneKey } = deps;

  function filtersOf(query: AdminAccessLogFilter): PiiAccessFilters {
    return {
      phoneKey: query.phone ? phoneKey(query.phone) : undefined,
      userId: query.userId,
      range: query.dateFrom && query.dateTo ? customRange(query.dateFrom, query.dateTo) : null,
    };
  }

  return {
    async list(actor: SessionUser, query: AdminAccessLogListQuery): Promise<AdminAccessLogList> {
      const rows = await repository.list(actor.companyId, filtersOf(query), query.pageSize, query.cursor);
      return {
        list: rows.map(toAccessLogItem),
        pageSize: query.pageSize,
        nextCursor: nextCursorOf(rows, query.pageSize, (last) => cursors.accessLog.encode([last.cursorAt, last.id])),
      };
    },

    /** The export's count and its rows batch by batch (the admin module writes the file). */
    async selection(actor: SessionUser, query: AdminAccessLogFilter, batch: number) {
      const filters = filtersOf(query);
      const { rows, maxId } = await repository.count(actor.companyId, filters);
      return { rows, batches: () => repository.batches(actor.companyId, filters, maxId, batch) };
    },
  };
}
export type PiiAccessConsole = ReturnType<typeof createPiiAccessConsole>;
