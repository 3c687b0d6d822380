import { auditActionLabel, auditEntityLabel } from '@baobei/shared/rules/audit-log';
import { customRange } from '@baobei/shared/rules/date-presets';
import type { AdminAuditLogItem, AdminAuditLogList, AdminAuditLogListQuery } from '@baobei/shared/schemas/admin-audit-log';
import { cursors } from '@baobei/shared/schemas/cursor';
import type { Db } from '../../db/client';
import { nextCursorOf } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import { createAdminAuditLogRepository, type AuditLogRow } from './admin-audit-log-repository';
import { auditChanges } from './audit-detail';

function toItem(row: AuditLogRow, names: Map<string, string>): AdminAuditLogItem {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  const { version, changes } = auditChanges(detail);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName ?? '',
    actorPhone: row.actorPhone ?? '',
    // The role the row recorded (the console's writes do), else the account's role now.
    actorRole: typeof detail.actorRole === 'string' ? detail.actorRole : (row.actorRole ?? ''),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    entity: row.entity,
    entityLabel: auditEntityLabel(row.entity),
    entityId: row.entityId,
    objectName: row.entityId === null ? '' : (names.get(`${row.entity}:${row.entityId}`) ?? ''),
    version,
    changes,
  };
}

/**
 * 操作日志 (issue 16, item 6; docs/decisions/050). Both console roles read the host's company's
 * log, as every console call acts on the host's company (decision 039): a platform
 * administrator reads another company's log by opening the console on that company's host.
 */
export function createAdminAuditLogService({ db }: { db: Db }) {
  const repo = createAdminAuditLogRepository(db);
  return {
    async list(actor: SessionUser, query: AdminAuditLogListQuery): Promise<AdminAuditLogList> {
      const range = query.dateFrom && query.dateTo ? customRange(query.dateFrom, query.dateTo) : null;
      const rows = await repo.list(
        actor.companyId,
        { actorId: query.actorId, entity: query.entity, entityId: query.entityId, action: query.action, range },
        query.pageSize,
        query.cursor,
      );
      const names = await repo.objectNames(actor.companyId, rows);
      return {
        list: rows.map((row) => toItem(row, names)),
        pageSize: query.pageSize,
        nextCursor: nextCursorOf(rows, query.pageSize, (last) => cursors.auditLog.encode([last.cursorAt, last.id])),
      };
    },

    async actors(actor: SessionUser, keyword: string | undefined) {
      return { list: await repo.actors(actor.companyId, keyword) };
    },
  };
}
export type AdminAuditLogService = ReturnType<typeof createAdminAuditLogService>;
