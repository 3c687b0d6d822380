import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { cursors } from '@baobei/shared/schemas/cursor';
import { messages } from '@baobei/shared/messages';
import type { MessageList, MessageSettings, saveMessageSettingsSchema } from '@baobei/shared/schemas/message';
import { isSmsMessageKind, MESSAGE_SNIPPET_MAX, messageKindsForRole, type MessageKind } from '@baobei/shared/rules/message';
import { isClosedStatus, RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { formatVisitTime } from '@baobei/shared/rules/awaiting-visit';
import { formatFen } from '@baobei/shared/rules/commission';
import type { Db, Executor } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { keysetPage, keysetWindow, type KeysetQuery } from '../../lib/paging';
import type { SessionUser } from '../auth/session-repository';
import type { MessageInsert, MessageRepository } from './message-repository';

const text = messages.message;

/**
 * What causes a notification (docs/decisions/054). Each is written by `notify` inside the
 * cause's own transaction, so a message exists exactly when its cause committed.
 */
export type NotifyEvent =
  | {
      kind: 'RECORD_STATUS';
      companyId: number;
      recordId: number;
      to: RecordStatus;
      /** The reason the broker reads (a close's, the auditor's note); '' for none. */
      reason?: string | null;
      actorId: number | null;
      now: Date;
    }
  | { kind: 'RECORD_DYNAMIC'; companyId: number; recordId: number; actorId: number; actorName: string; remark: string; now: Date }
  | { kind: 'RECORD_NEW'; companyId: number; recordId: number; actorId: number; now: Date }
  | { kind: 'PROTECTION_WARNING'; companyId: number; recordId: number; dueAt: Date; now: Date }
  /** Issue 32, item 2 (docs/decisions/089): the customer is expected at `visitAt`. */
  | { kind: 'VISIT_REMINDER'; companyId: number; recordId: number; visitAt: Date; now: Date }
  | { kind: 'REGISTRATION_DECIDED'; companyId: number; phone: string; name: string; approved: boolean; reason: string; actorId: number; now: Date }
  /** Issue 30, item 7: a deal's commission adjusted (to `amountFen`) or paid (`amountFen` now, `paidFen` of `owedFen` in all). */
  | {
      kind: 'COMMISSION';
      companyId: number;
      recordId: number;
      change:
        | { type: 'ADJUSTED'; amountFen: number; reason: string }
        | { type: 'PAID'; amountFen: number; paidFen: number; owedFen: number }
        | { type: 'REVERSED'; amountFen: number; paidFen: number; owedFen: number; reason: string };
      actorId: number;
      now: Date;
    };

/** The outbox writer other modules receive: call it with the cause's transaction. Never throws. */
export type Notify = (tx: Executor, event: NotifyEvent) => Promise<void>;

export interface MessageServiceDeps {
  db: Db;
  messages: MessageRepository;
  log: FastifyBaseLogger;
  /** The kinds a WeChat template is configured for (config WECHAT_TEMPLATE_*), when WeChat is configured at all. */
  wechatKinds: readonly MessageKind[];
  /** Whether SMS notifications can be sent (a provider template for them, or the dev adapter). */
  smsEnabled: boolean;
  now?: () => Date;
}

/** A COMMISSION message's words, by what happened to the deal's commission (amounts in yuan). */
function commissionContent(customer: string, house: string, change: Extract<NotifyEvent, { kind: 'COMMISSION' }>['change']): string {
  switch (change.type) {
    case 'ADJUSTED':
      return text.commissionAdjusted(customer, house, formatFen(change.amountFen), change.reason);
    case 'PAID':
      return text.commissionPaid(customer, house, formatFen(change.amountFen), formatFen(change.paidFen), formatFen(change.owedFen));
    case 'REVERSED':
      return text.commissionReversed(customer, house, formatFen(change.amountFen), change.reason, formatFen(change.paidFen), formatFen(change.owedFen));
  }
}

const snippet = (remark: string) => (remark.length > MESSAGE_SNIPPET_MAX ? `${remark.slice(0, MESSAGE_SNIPPET_MAX)}…` : remark);

export function createMessageService(deps: MessageServiceDeps) {
  const repo = deps.messages;
  const clock = deps.now ?? (() => new Date());
  /** Set once the delivery job is defined (message-jobs.ts): queues a delivery run after the cause commits. */
  let kick: (() => void) | null = null;
  let kickPending = false;

  /**
   * After a notification with external deliveries: one message-delivery job, sent once the
   * current task is done (so after the cause's transaction in practice; never awaited inside
   * it). A run that comes before the commit finds nothing to send; the per-minute sweep then
   * sends it (docs/decisions/054).
   */
  function scheduleKick(): void {
    if (!kick || kickPending) return;
    kickPending = true;
    setTimeout(() => {
      kickPending = false;
      kick?.();
    }, 50).unref?.();
  }

  type Composed = Omit<MessageInsert, 'wechat' | 'sms' | 'now'>;
  type Written = Pick<Composed, 'content' | 'candidates' | 'actorId'>;
  type RecordFacts = NonNullable<Awaited<ReturnType<MessageRepository['recordFacts']>>>;

  /** A report's message: its facts read in the transaction; undefined when the report is gone. */
  async function aboutRecord(tx: Executor, event: NotifyEvent & { recordId: number }, write: (facts: RecordFacts) => Written): Promise<Composed | undefined> {
    const facts = await repo.recordFacts(event.companyId, event.recordId, tx);
    if (!facts) return undefined;
    return { companyId: event.companyId, kind: event.kind, title: text.kind[event.kind], recordId: event.recordId, ...write(facts) };
  }

  /**
   * One composer per kind: a kind added to MESSAGE_KINDS does not compile until it has one here
   * (and its event in NotifyEvent), instead of being dropped in silence.
   */
  const composers: { [K in MessageKind]: (tx: Executor, event: Extract<NotifyEvent, { kind: K }>) => Promise<Composed | undefined> } = {
    RECORD_STATUS: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: text.recordStatus(facts.customerName, facts.houseName, RECORD_STATUS_TEXT[event.to], event.reason, isClosedStatus(event.to)),
        candidates: [facts.reporterId, facts.shopManagerId],
        actorId: event.actorId,
      })),
    RECORD_DYNAMIC: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: text.recordDynamic(facts.customerName, facts.houseName, event.actorName, snippet(event.remark)),
        candidates: [facts.reporterId, facts.shopManagerId],
        actorId: event.actorId,
      })),
    RECORD_NEW: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: text.recordNew(facts.reporterName, facts.customerName, facts.houseName),
        candidates: [facts.auditorId],
        actorId: event.actorId,
      })),
    PROTECTION_WARNING: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: text.protectionWarning(facts.customerName, facts.houseName, formatShanghaiMinute(event.dueAt)),
        candidates: [facts.reporterId],
        actorId: null,
      })),
    VISIT_REMINDER: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: text.visitReminder(facts.customerName, facts.houseName, formatVisitTime(formatShanghaiMinute(event.visitAt), event.now)),
        candidates: [facts.reporterId],
        actorId: null,
      })),
    COMMISSION: (tx, event) =>
      aboutRecord(tx, event, (facts) => ({
        content: commissionContent(facts.customerName, facts.houseName, event.change),
        candidates: [facts.reporterId, facts.shopManagerId],
        actorId: event.actorId,
      })),
    REGISTRATION_DECIDED: async (tx, event) => ({
      companyId: event.companyId,
      kind: event.kind,
      title: text.kind[event.kind],
      content: event.approved ? text.registrationApproved(event.name) : text.registrationRejected(event.name, event.reason),
      recordId: null,
      candidates: [await repo.userOfPhone(event.companyId, event.phone, tx)],
      actorId: event.actorId,
    }),
  };

  /** The message to write for an event; undefined when its report is gone. */
  function compose(tx: Executor, event: NotifyEvent): Promise<Composed | undefined> {
    // TypeScript cannot pair the union's members with the map's keys; the map's type checks each pair.
    return (composers[event.kind] as (tx: Executor, event: NotifyEvent) => Promise<Composed | undefined>)(tx, event);
  }

  /**
   * The outbox writer: the messages of an event and their pending deliveries, in the caller's
   * transaction, inside a savepoint: a message that cannot be written (a bug, a constraint) is
   * logged and dropped, and the cause commits as if nothing had been sent (decision 054: sending
   * never fails the action that caused it).
   */
  const notify: Notify = async (tx, event) => {
    let deliveries = 0;
    try {
      await (tx as Db).transaction(async (sp) => {
        const composed = await compose(sp, event);
        if (!composed) return;
        const written = await repo.insert(
          {
            ...composed,
            wechat: deps.wechatKinds.includes(event.kind),
            sms: deps.smsEnabled && isSmsMessageKind(event.kind),
            now: event.now,
          },
          sp,
        );
        deliveries = written.deliveries;
      });
    } catch (error) {
      // Ids and the kind only: never a name, phone or text.
      deps.log.warn(
        { kind: event.kind, recordId: 'recordId' in event ? event.recordId : null, err: error instanceof Error ? error.message.slice(0, 200) : String(error) },
        'notification not written',
      );
      return;
    }
    if (deliveries > 0) scheduleKick();
  };

  async function settingsOf(viewer: SessionUser): Promise<MessageSettings> {
    const [disabled, wechatBound] = await Promise.all([repo.disabledKinds(viewer.id), repo.wechatBound(viewer.companyId, viewer.id)]);
    return {
      kinds: messageKindsForRole(viewer.role).map((kind) => ({ kind, text: text.kind[kind], enabled: !disabled.includes(kind) })),
      wechatBound,
    };
  }

  return {
    notify,

    /** The delivery job's kick (message-jobs.ts), once it is defined on the queue. */
    attachKick(fn: () => void) {
      kick = fn;
    },

    async list(viewer: SessionUser, body: { unreadOnly: boolean }, query: KeysetQuery<readonly [number]>): Promise<MessageList> {
      const window = keysetWindow(query);
      const [rows, total, unread] = await Promise.all([
        repo.list(viewer, body.unreadOnly, window),
        query.cursor ? Promise.resolve(null) : repo.count(viewer, body.unreadOnly),
        repo.count(viewer, true),
      ]);
      const list = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        content: r.content,
        recordId: r.recordId,
        read: r.readAt !== null,
        createdAt: formatShanghaiMinute(r.createdAt),
      }));
      return { ...keysetPage(query, rows, list, total, (last) => cursors.message.encode([last.id])), unread };
    },

    async unreadCount(viewer: SessionUser) {
      return { count: await repo.count(viewer, true) };
    },

    async read(viewer: SessionUser, id: number) {
      if (!(await repo.read(viewer, id, clock()))) throw new NotFoundError(text.notFound);
      return { unread: await repo.count(viewer, true) };
    },

    async readAll(viewer: SessionUser) {
      await repo.readAll(viewer, clock());
      return { unread: 0 };
    },

    getSettings: settingsOf,

    /** Turns kinds off (the rest of the role's kinds on), with its audit row, in one transaction. */
    async saveSettings(viewer: SessionUser, input: z.infer<typeof saveMessageSettingsSchema>): Promise<MessageSettings> {
      const offered = messageKindsForRole(viewer.role);
      await deps.db.transaction(async (tx) => {
        const off = await repo.saveDisabledKinds(viewer.id, offered, input.disabledKinds, tx);
        await repo.insertAuditLog(
          { companyId: viewer.companyId, actorId: viewer.id, action: 'message.settings', entity: 'user', entityId: viewer.id, detail: { disabledKinds: off } },
          tx,
        );
      });
      return settingsOf(viewer);
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
