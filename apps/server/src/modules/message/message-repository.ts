import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageKind } from '@baobei/shared/rules/message';
import { queryRows, type Executor } from '../../db/client';
import { company, companyHost, house, message, messageDelivery, record, user, userIdentity, userMessageSetting } from '../../db/schema';
import type { KeysetWindow } from '../../lib/paging';
import { type AuditEntry, writeAuditLog } from '../../db/audit-log';

/** The WeChat identity provider's name in user_identity (modules/wechat). */
const WECHAT_PROVIDER = 'wechat';

/** The signed-in user whose messages a call reads: the company too, in every WHERE. */
export interface Owner {
  id: number;
  companyId: number;
}

/** One notification to write: its recipients are `candidates` minus the inactive, the actor and those who turned the kind off. */
export interface MessageInsert {
  companyId: number;
  kind: MessageKind;
  title: string;
  content: string;
  recordId: number | null;
  candidates: readonly (number | null | undefined)[];
  /** Never notified of their own act. */
  actorId?: number | null;
  /** The external channels this message may take (the service decides from config and kind). */
  wechat: boolean;
  sms: boolean;
  now: Date;
}

export interface ClaimedDelivery {
  id: number;
  companyId: number;
  messageId: number;
  channel: 'wechat' | 'sms';
  attempts: number;
  kind: MessageKind;
  title: string;
  content: string;
  recordId: number | null;
  createdAt: Date;
  phone: string;
  openid: string | null;
  companyTitle: string;
  host: string | null;
}

/** Issue 17, item 4 (docs/decisions/054): message, message_delivery and user_message_setting. Always the viewer's own rows. */
export function createMessageRepository(db: Executor) {
  const own = (viewer: Owner, unreadOnly: boolean): SQL =>
    and(eq(message.userId, viewer.id), eq(message.companyId, viewer.companyId), unreadOnly ? isNull(message.readAt) : undefined)!;

  return {
    async list(viewer: Owner, unreadOnly: boolean, page: KeysetWindow<readonly [number]>, tx: Executor = db) {
      return tx
        .select({
          id: message.id,
          kind: message.kind,
          title: message.title,
          content: message.content,
          recordId: message.recordId,
          readAt: message.readAt,
          createdAt: message.createdAt,
        })
        .from(message)
        .where(and(own(viewer, unreadOnly), page.after ? lt(message.id, page.after[0]) : undefined))
        .orderBy(desc(message.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(viewer: Owner, unreadOnly: boolean, tx: Executor = db): Promise<number> {
      const rows = await tx.select({ n: count() }).from(message).where(own(viewer, unreadOnly));
      return Number(rows[0]?.n ?? 0);
    },

    /** Marks the viewer's message read (kept when read before); false when it is not the viewer's. */
    async read(viewer: Owner, id: number, now: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(message)
        .set({ readAt: sql`coalesce(${message.readAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(message.id, id), own(viewer, false)))
        .returning({ id: message.id });
      return rows.length > 0;
    },

    async readAll(viewer: Owner, now: Date, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(message)
        .set({ readAt: now })
        .where(own(viewer, true))
        .returning({ id: message.id });
      return rows.length;
    },

    async disabledKinds(userId: number, tx: Executor = db): Promise<MessageKind[]> {
      const rows = await tx
        .select({ kind: userMessageSetting.kind })
        .from(userMessageSetting)
        .where(and(eq(userMessageSetting.userId, userId), eq(userMessageSetting.disabled, true)));
      return rows.map((r) => r.kind);
    },

    /** The kinds turned off become exactly `kinds` among `offered` (the kinds the role receives). */
    async saveDisabledKinds(userId: number, offered: readonly MessageKind[], kinds: readonly MessageKind[], tx: Executor) {
      await tx.delete(userMessageSetting).where(eq(userMessageSetting.userId, userId));
      const off = offered.filter((k) => kinds.includes(k));
      if (off.length) await tx.insert(userMessageSetting).values(off.map((kind) => ({ userId, kind, disabled: true })));
      return off;
    },

    async insertAuditLog(values: AuditEntry, tx: Executor) {
      await writeAuditLog(tx, values);
    },

    async wechatBound(companyId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ userId: userIdentity.userId })
        .from(userIdentity)
        .where(and(eq(userIdentity.companyId, companyId), eq(userIdentity.userId, userId), eq(userIdentity.provider, WECHAT_PROVIDER)))
        .limit(1);
      return rows.length > 0;
    },

    /** What a report's messages name and whom they reach: the customer (name only), the listing, reporter, shop manager and auditor. */
    async recordFacts(companyId: number, recordId: number, tx: Executor = db) {
      const rows = await queryRows<{
        customerName: string;
        houseName: string;
        reporterId: number;
        reporterName: string;
        shopManagerId: number | null;
        auditorId: number | null;
      }>(
        tx,
        sql`select r.customer_name as "customerName", h.name as "houseName", r.reporter_id as "reporterId",
              (select name from ${user} where id = r.reporter_id) as "reporterName",
              r.shop_manager_id as "shopManagerId", r.auditor_id as "auditorId"
            from ${record} r join ${house} h on h.id = r.house_id
            where r.id = ${recordId} and r.company_id = ${companyId}`,
      );
      return rows[0];
    },

    /** The account of a phone in the company (a registrant), if any. */
    async userOfPhone(companyId: number, phone: string, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.companyId, companyId), eq(user.phone, phone)))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    /**
     * The message for every recipient, and its pending deliveries, in one statement: recipients
     * are the candidates still active in the company, not the actor, who did not turn the kind
     * off; WeChat for those bound (and the company's WeChat on), SMS when the company sends this
     * kind by SMS and the user has a phone. Answers the counts written.
     */
    async insert(m: MessageInsert, tx: Executor): Promise<{ messages: number; deliveries: number }> {
      const ids = [...new Set(m.candidates.filter((id): id is number => typeof id === 'number' && id !== m.actorId))];
      if (!ids.length) return { messages: 0, deliveries: 0 };
      const at = m.now.toISOString();
      const rows = await queryRows<{ messages: number; deliveries: number }>(
        tx,
        sql`with recipients as (
              select u.id, u.phone from ${user} u
              where u.company_id = ${m.companyId} and u.active
                and u.id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})
                and not exists (select 1 from ${userMessageSetting} s where s.user_id = u.id and s.kind = ${m.kind} and s.disabled)
            ),
            inserted as (
              insert into ${message} (company_id, user_id, kind, title, content, record_id, created_at)
              select ${m.companyId}, id, ${m.kind}, ${m.title}, ${m.content}, ${m.recordId}, ${at}::timestamptz from recipients
              returning id, user_id
            ),
            wechat as (
              insert into ${messageDelivery} (message_id, channel, next_attempt_at)
              select i.id, 'wechat', ${at}::timestamptz from inserted i
              where ${m.wechat} and exists (select 1 from ${company} c where c.id = ${m.companyId} and c.wechat_enabled)
                and exists (select 1 from ${userIdentity} ui where ui.company_id = ${m.companyId} and ui.user_id = i.user_id and ui.provider = ${WECHAT_PROVIDER})
              returning id
            ),
            sms as (
              insert into ${messageDelivery} (message_id, channel, next_attempt_at)
              select i.id, 'sms', ${at}::timestamptz from inserted i join recipients r on r.id = i.user_id
              where ${m.sms} and r.phone <> ''
                and exists (select 1 from ${company} c where c.id = ${m.companyId} and ${m.kind} = any(c.sms_notify_kinds))
              returning id
            )
            select (select count(*) from inserted)::int as messages,
              ((select count(*) from wechat) + (select count(*) from sms))::int as deliveries`,
      );
      return rows[0] ?? { messages: 0, deliveries: 0 };
    },

    /**
     * Claims up to `limit` due deliveries: each gets one more attempt and its next attempt moved
     * to `retryAt(attempts)` before it is sent, in one statement with SKIP LOCKED, so two jobs
     * at once never take the same delivery and a crash mid-send retries it later.
     */
    async claimDue(now: Date, limit: number, leaseSeconds: number, tx: Executor = db): Promise<ClaimedDelivery[]> {
      const at = now.toISOString();
      return queryRows<ClaimedDelivery>(
        tx,
        sql`with due as (
              select id from ${messageDelivery}
              where state = 'pending' and next_attempt_at <= ${at}::timestamptz
              order by next_attempt_at, id limit ${limit}
              for update skip locked
            ),
            claimed as (
              update ${messageDelivery} d set attempts = d.attempts + 1,
                next_attempt_at = ${at}::timestamptz + ${leaseSeconds} * interval '1 second'
              from due where d.id = due.id
              returning d.id, d.message_id, d.channel, d.attempts
            )
            select c.id, m.company_id as "companyId", c.message_id as "messageId", c.channel, c.attempts, m.kind, m.title, m.content,
              m.record_id as "recordId", m.created_at as "createdAt", u.phone, co.title as "companyTitle",
              (select ui.subject from ${userIdentity} ui where ui.company_id = m.company_id and ui.user_id = m.user_id and ui.provider = ${WECHAT_PROVIDER} limit 1) as openid,
              (select ch.host from ${companyHost} ch where ch.company_id = m.company_id order by ch.host limit 1) as host
            from claimed c join ${message} m on m.id = c.message_id join ${user} u on u.id = m.user_id join ${company} co on co.id = m.company_id
            order by c.id`,
      );
    },

    /**
     * Up to `batch` messages written before `cutoff`, oldest first, removed with their deliveries
     * (cascade): the nightly housekeeping (docs/decisions/057). A range at the start of
     * message_created_idx (migration 0027): the statement reads the rows it removes, never the
     * messages kept (docs/decisions/063).
     */
    async deleteOlderThan(cutoff: Date, batch: number, tx: Executor = db): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        tx,
        sql`with old as (select ${message.id} as id from ${message} where ${message.createdAt} < ${cutoff.toISOString()}::timestamptz
              order by ${message.createdAt}, ${message.id} limit ${batch}),
          gone as (delete from ${message} where ${message.id} in (select id from old) returning 1)
          select count(*)::int as n from gone`,
      );
      return rows[0]?.n ?? 0;
    },

    async markSent(id: number, now: Date, tx: Executor = db) {
      await tx.update(messageDelivery).set({ state: 'sent', sentAt: now, lastError: '' }).where(and(eq(messageDelivery.id, id), eq(messageDelivery.state, 'pending')));
    },

    async markSkipped(id: number, reason: string, tx: Executor = db) {
      await tx.update(messageDelivery).set({ state: 'skipped', lastError: reason }).where(and(eq(messageDelivery.id, id), eq(messageDelivery.state, 'pending')));
    },

    /** A failed attempt: pending again at `retryAt`, or failed for good. */
    async markFailed(id: number, error: string, final: boolean, retryAt: Date, tx: Executor = db) {
      await tx
        .update(messageDelivery)
        .set(final ? { state: 'failed', lastError: error } : { lastError: error, nextAttemptAt: retryAt })
        .where(and(eq(messageDelivery.id, id), eq(messageDelivery.state, 'pending')));
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;
