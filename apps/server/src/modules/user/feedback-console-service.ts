import { adminFeedbackMessages as text_ } from '@baobei/shared/messages/admin';
import { customRange } from '@baobei/shared/rules/date-presets';
import type { AdminFeedbackHandleInput, AdminFeedbackItem, AdminFeedbackList, AdminFeedbackListQuery } from '@baobei/shared/schemas/admin-feedback';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import { createFeedbackConsoleRepository, type FeedbackRow } from './feedback-console-repository';

function toItem(row: FeedbackRow): AdminFeedbackItem {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    senderId: row.senderId,
    senderName: row.senderName ?? '',
    senderPhone: row.senderPhone ?? '',
    senderRole: row.senderRole ?? '',
    distributorName: row.distributorName ?? '',
    shopName: row.shopName ?? '',
    handled: row.handledAt !== null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    handledByName: row.handledByName ?? '',
    handleNote: row.handleNote,
  };
}

/**
 * 意见反馈 (issue 16, item 5; docs/decisions/050): the host's company's messages for both console
 * roles. Handling is once: the first handler's time, name and note stay; a second handle (another
 * tab, a double click, another operator) answers the message as it is and writes nothing.
 */
export function createFeedbackConsoleService({ db }: { db: Db }) {
  const repo = createFeedbackConsoleRepository(db);
  return {
    async list(actor: SessionUser, query: AdminFeedbackListQuery): Promise<AdminFeedbackList> {
      const range = query.dateFrom && query.dateTo ? customRange(query.dateFrom, query.dateTo) : null;
      const page = await repo.list(actor.companyId, { status: query.status, keyword: query.keyword, range }, pageWindow(query));
      return { list: page.list.map(toItem), total: page.total, page: query.page, pageSize: query.pageSize, pendingCount: page.pending };
    },

    /** The message and whether this call handled it (false: it was handled already, nothing written). */
    async handle(actor: SessionUser, input: AdminFeedbackHandleInput): Promise<{ item: AdminFeedbackItem; changed: boolean }> {
      const changed = await db.transaction(async (tx) => {
        const r = createFeedbackConsoleRepository(tx);
        const row = await r.lock(actor.companyId, input.id);
        if (!row) throw new NotFoundError(text_.notFound);
        if (row.handledAt !== null) return false;
        await r.markHandled(actor.companyId, input.id, actor.id, input.note);
        await r.insertAudit({
          companyId: actor.companyId,
          actorId: actor.id,
          action: 'feedback.handle',
          entity: 'feedback',
          entityId: input.id,
          detail: {
            actorCompanyId: actor.companyId,
            actorRole: actor.role,
            version: null,
            changes: { handled: { old: false, new: true }, note: { old: row.handleNote, new: input.note } },
          },
        });
        return true;
      });
      const row = await repo.find(actor.companyId, input.id);
      if (!row) throw new NotFoundError(text_.notFound);
      return { item: toItem(row), changed };
    },
  };
}
export type FeedbackConsoleService = ReturnType<typeof createFeedbackConsoleService>;
