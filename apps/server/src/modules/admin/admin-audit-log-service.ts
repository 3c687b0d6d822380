import { auditActionLabel, auditEntityLabel } from '@baobei/shared/rules/audit-log';
import { customRange } from '@baobei/shared/rules/date-presets';
import type { AdminAuditLogItem, AdminAuditLogList, AdminAuditLogListQuery } from '@baobei/shared/schemas/admin-audit-log';
import { cursors } from '@baobei/shared/schemas/cursor';
import type { Db } from '../../db/client';
import { nextCursorOf } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import { createAdminAuditLogRepository, type AuditLogRow } from './admin-audit-log-repository';
import { auditChangeRows, auditFieldIds, auditFields, type AuditField } from './audit-detail';

interface ReadRow {
  row: AuditLogRow;
  detail: Record<string, unknown>;
  version: number | null;
  fields: AuditField[];
}

function toItem({ row, detail, version, fields }: ReadRow, names: Map<string, string>): AdminAuditLogItem {
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
    changes: auditChangeRows(fields, { entity: row.entity, action: row.action, name: (kind, id) => names.get(`${kind}:${id}`) }),
  };
}

/** The ids to name for a page, by kind: each row's object (its entity) and the ids its changes hold (`AuditNameKind`). */
function wantedNames(rows: readonly ReadRow[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const { row } of rows) {
    if (row.entityId === null) continue;
    const ids = wanted.get(row.entity) ?? new Set<number>();
    ids.add(row.entityId);
    wanted.set(row.entity, ids);
  }
  for (const { fields } of rows) auditFieldIds(fields, wanted);
  return wanted;
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
      const read = rows.map((row): ReadRow => {
        const detail = (row.detail ?? {}) as Record<string, unknown>;
        return { row, detail, ...auditFields(detail, row.action) };
      });
      // The names of the page's objects and of the ids their changes name: one query per kind.
      const names = await repo.names(actor.companyId, wantedNames(read));
      return {
        list: read.map((r) => toItem(r, names)),
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
