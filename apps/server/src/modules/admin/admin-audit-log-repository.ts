import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CursorValues } from '@baobei/shared/schemas/cursor';
import type { AuditNameKind } from '@baobei/shared/rules/audit-log';
import { CONSOLE_ROLES } from '@baobei/shared/rules/roles';
import type { Executor } from '../../db/client';
import { auditLog, city, company, distributor, distributorRegistration, feedback, house, houseFeature, indexBanner, indexColumn, indexNav, record, user } from '../../db/schema';
import { cursorTime, keysetAfter, keysetOrder, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../db/sql/text-search';

/** Newest first; the cursor is (created_at, id), each filter's index ends in this order (migration 0018). */
const ORDER: SortKey[] = [
  { expr: auditLog.createdAt, dir: 'desc', time: true },
  { expr: auditLog.id, dir: 'desc' },
];
export type AuditLogCursor = CursorValues<readonly ['time', 'id']>;

type NameColumns = { id: AnyPgColumn; companyId: AnyPgColumn; name: SQL | AnyPgColumn };

/**
 * The name an operator knows an object by, per audit entity and per kind of id a detail holds
 * (`AuditNameKind`, each required here by the type; a feature is no entity): its table's id, company
 * and name columns (a report by its customer, a message by its first words). Others have none.
 */
const NAMED = {
  house: { id: house.id, companyId: house.companyId, name: house.name },
  user: { id: user.id, companyId: user.companyId, name: user.name },
  distributor: { id: distributor.id, companyId: distributor.companyId, name: distributor.name },
  distributor_registration: { id: distributorRegistration.id, companyId: distributorRegistration.companyId, name: distributorRegistration.companyLicenseName },
  record: { id: record.id, companyId: record.companyId, name: record.customerName },
  feedback: { id: feedback.id, companyId: feedback.companyId, name: sql`left(${feedback.content}, 20)` },
  company: { id: company.id, companyId: company.id, name: company.title },
  index_banner: { id: indexBanner.id, companyId: indexBanner.companyId, name: indexBanner.title },
  index_nav: { id: indexNav.id, companyId: indexNav.companyId, name: indexNav.title },
  index_column: { id: indexColumn.id, companyId: indexColumn.companyId, name: indexColumn.title },
  city: { id: city.id, companyId: city.companyId, name: city.name },
  feature: { id: houseFeature.id, companyId: houseFeature.companyId, name: houseFeature.name },
} satisfies Record<string, NameColumns> & Record<AuditNameKind, NameColumns>;
const NAMES: Readonly<Record<string, NameColumns | undefined>> = NAMED;

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

    /**
     * Names by `kind:id` (kind: an audit entity or an `AuditNameKind`), one query per kind, the
     * company's own rows only: a page's objects and the ids their details name (docs/decisions/067).
     */
    async names(companyId: number, wanted: ReadonlyMap<string, ReadonlySet<number>>): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      await Promise.all(
        [...wanted].map(async ([kind, ids]) => {
          const t = NAMES[kind];
          if (!t || ids.size === 0) return;
          const rows = await db
            .select({ id: sql<number>`${t.id}`, name: sql<string>`${t.name}` })
            .from(t.id.table)
            .where(and(eq(t.companyId, companyId), inArray(t.id, [...ids])));
          for (const row of rows) names.set(`${kind}:${row.id}`, row.name ?? '');
        }),
      );
      return names;
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
