import { aliasedTable, and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FeedbackStatus } from '@baobei/shared/schemas/admin-feedback';
import type { Executor } from '../../db/client';
import { distributor, feedback, user } from '../../db/schema';
import { escapeLike } from '../../db/sql/text-search';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

export interface FeedbackFilters {
  status: FeedbackStatus | '';
  keyword?: string | undefined;
  /** [start, end) instants of the chosen Shanghai days. */
  range: { start: Date; end: Date } | null;
}

const sender = aliasedTable(user, 'sender');
const handler = aliasedTable(user, 'handler');

/**
 * The console's feedback inbox (issue 16, item 5; docs/decisions/050). Every statement names the
 * company (feedback.company_id), so another company's message is never read or changed.
 */
export function createFeedbackConsoleRepository(db: Executor) {
  const columns = {
    id: feedback.id,
    content: feedback.content,
    createdAt: feedback.createdAt,
    senderId: sender.id,
    senderName: sender.name,
    senderPhone: sender.phone,
    senderRole: sender.role,
    shopName: sender.shopName,
    distributorName: distributor.name,
    handledAt: feedback.handledAt,
    handledByName: handler.name,
    handleNote: feedback.handleNote,
  };
  const rows = () =>
    db
      .select(columns)
      .from(feedback)
      .leftJoin(sender, eq(sender.id, feedback.userId))
      .leftJoin(distributor, eq(distributor.id, sender.distributorId))
      .leftJoin(handler, eq(handler.id, feedback.handledBy));

  function whereOf(companyId: number, filters: FeedbackFilters): SQL {
    const pattern = filters.keyword ? `%${escapeLike(filters.keyword)}%` : null;
    return and(
      eq(feedback.companyId, companyId),
      filters.status === 'pending' ? isNull(feedback.handledAt) : filters.status === 'handled' ? isNotNull(feedback.handledAt) : undefined,
      pattern ? or(ilike(feedback.content, pattern), ilike(sender.name, pattern), ilike(sender.phone, pattern)) : undefined,
      filters.range ? sql`${feedback.createdAt} >= ${filters.range.start} and ${feedback.createdAt} < ${filters.range.end}` : undefined,
    )!;
  }

  return {
    async list(companyId: number, filters: FeedbackFilters, page: { limit: number; offset: number }) {
      const where = whereOf(companyId, filters);
      const [list, [total], [pending]] = await Promise.all([
        rows().where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(feedback).leftJoin(sender, eq(sender.id, feedback.userId)).where(where),
        db.select({ n: count() }).from(feedback).where(and(eq(feedback.companyId, companyId), isNull(feedback.handledAt))),
      ]);
      return { list, total: Number(total?.n ?? 0), pending: Number(pending?.n ?? 0) };
    },

    async find(companyId: number, id: number) {
      const [row] = await rows().where(and(eq(feedback.companyId, companyId), eq(feedback.id, id)));
      return row;
    },

    /** The message locked for the handle's transaction; undefined when it is not the company's. */
    async lock(companyId: number, id: number) {
      const [row] = await db
        .select({ id: feedback.id, handledAt: feedback.handledAt, handleNote: feedback.handleNote })
        .from(feedback)
        .where(and(eq(feedback.companyId, companyId), eq(feedback.id, id)))
        .for('update');
      return row;
    },

    async markHandled(companyId: number, id: number, by: number, note: string) {
      await db
        .update(feedback)
        .set({ handledAt: sql`now()`, handledBy: by, handleNote: note })
        .where(and(eq(feedback.companyId, companyId), eq(feedback.id, id), isNull(feedback.handledAt)));
    },

    async insertAudit(values: AuditEntry) {
      await writeAuditLog(db, values);
    },
  };
}
export type FeedbackRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createFeedbackConsoleRepository>['find']>>>;
