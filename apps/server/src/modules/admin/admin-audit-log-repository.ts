import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import { CONSOLE_ROLES } from '@baobei/shared/rules/roles';
import type { Executor } from '../../db/client';
import { auditLog, user } from '../../db/schema';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../house/house-repository';

/** Newest first; the cursor is (created_at, id), each filter's index ends in this order (migration 0018). */
const ORDER: SortKey[] = [
  { expr: auditLog.createdAt, dir: 'desc', time: true },
  { expr: auditLog.id, dir: 'desc' },
];
export type AuditLogCursor = CursorValues<readonly ['time', 'id']>;

export interface AuditLogFilters {
  actorId?: number | undefined;
  entity?: string | undefined;
  entityId?: number | undefined;
  action?: string | undefined;
  range: { start: Date; end: Date } | null;
}

/** 操作日志 (issue 16, item 6; docs/decisions/050): the company's audit rows; every statement names the company. */
export function createAdminAuditLogRepository(db: Executor) {
  return {
    async list(companyId: number, filters: AuditLogFilters, limit: number, after: AuditLogCursor | undefined) {
      const where: (SQL | undefined)[] = [
        eq(auditLog.companyId, companyId),
        filters.actorId !== undefined ? eq(auditLog.actorId, filters.actorId) : undefined,
        filters.entity !== undefined ? eq(auditLog.entity, filters.entity) : undefined,
        filters.entityId !== undefined ? eq(auditLog.entityId, filters.entityId) : undefined,
        filters.action !== undefined ? eq(auditLog.action, filters.action) : undefined,
        filters.range ? sql`${auditLog.createdAt} >= ${filters.range.start} and ${auditLog.createdAt} < ${filters.range.end}` : undefined,
        after ? keysetAfter(ORDER, after) : undefined,
      ];
      return db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          cursorAt: cursorTime(auditLog.createdAt),
          actorId: auditLog.actorId,
          actorName: user.name,
          actorPhone: user.phone,
          actorRole: user.role,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          detail: auditLog.detail,
        })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.actorId))
        .where(and(...where))
        .orderBy(...keysetOrder(ORDER))
        .limit(limit);
    },

    /** The company's accounts by name or phone; without a keyword its console accounts. */
    async actors(companyId: number, keyword: string | undefined) {
      const pattern = keyword ? `%${escapeLike(keyword)}%` : null;
      return db
        .select({ id: user.id, name: user.name, phone: user.phone, role: user.role })
        .from(user)
        .where(and(eq(user.companyId, companyId), pattern ? or(ilike(user.name, pattern), ilike(user.phone, pattern)) : inArray(user.role, [...CONSOLE_ROLES])))
        .orderBy(asc(user.name), asc(user.id))
        .limit(20);
    },
  };
}
export type AuditLogRow = Awaited<ReturnType<ReturnType<typeof createAdminAuditLogRepository>['list']>>[number];
