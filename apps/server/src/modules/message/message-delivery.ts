import type { MessageKind } from '@baobei/shared/rules/message';
import type { Executor } from '../../db/client';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { SmsSendError, type SmsSender } from '../../lib/sms';
import { WechatApiError, type TemplateMessage } from '../../lib/wechat';
import type { ClaimedDelivery, MessageRepository } from './message-repository';
import { nextTurn } from '../../lib/next-turn';

/** Attempts of one delivery before it is failed for good (30 s, 1, 2, 4 min between them). */
export const DELIVERY_MAX_ATTEMPTS = 5;
const RETRY_BASE_SECONDS = 30;
/** A claimed delivery is not taken again for this long (a crash mid-send retries it after). */
const LEASE_SECONDS = 120;
/** Deliveries one run claims at a time; a run goes on until none is due, or its time is up. */
const BATCH = 50;

export interface DeliveryFailure {
  deliveryId: number;
  /** The message's company: the console's 后台任务 shows an operator its own company's failures. */
  companyId: number;
  channel: 'wechat' | 'sms';
  attempt: number;
  final: boolean;
  /** The provider's code and message, without phone or text. */
  error: string;
}

export interface MessageDeliveryDeps {
  messages: MessageRepository;
  sms: SmsSender;
  /** null without WeChat credentials: WeChat deliveries are skipped. */
  wechat: { send(message: TemplateMessage): Promise<string> } | null;
  /** Template id per kind (config WECHAT_TEMPLATE_*); a kind without one is skipped. */
  wechatTemplates: Partial<Record<MessageKind, string>>;
  now?: () => Date;
}

/** Why a send failed, for the log and job_failure: a code, never the phone or the message. */
function failureText(error: unknown): string {
  if (error instanceof SmsSendError) return `sms ${error.provider} ${error.failure} ${error.providerCode}`;
  if (error instanceof WechatApiError) return `wechat ${error.endpoint} ${error.errcode}`;
  return error instanceof Error ? error.name : 'error';
}

/** The report page a message opens: on the company's host; the app's path alone when it has none. */
function pageUrl(d: ClaimedDelivery): string {
  const path = d.recordId ? `/record/detail/${d.recordId}` : '/my';
  return d.host ? `https://${d.host}${path}` : path;
}

/**
 * The message-delivery job's work (docs/decisions/054): sends every due pending delivery once
 * (claimed with SKIP LOCKED, its attempt counted before the send), marks it sent, or pending
 * again with a doubled delay, failed after DELIVERY_MAX_ATTEMPTS.
 */
export function createMessageDelivery(deps: MessageDeliveryDeps) {
  const clock = deps.now ?? (() => new Date());

  async function send(d: ClaimedDelivery): Promise<'sent' | string> {
    if (d.channel === 'sms') {
      await deps.sms.send({ phone: d.phone, companyTitle: d.companyTitle, kind: 'notification', params: { title: d.title, content: d.content } });
      return 'sent';
    }
    const templateId = deps.wechatTemplates[d.kind];
    if (!deps.wechat || !templateId) return 'no template';
    if (!d.openid) return 'unbound';
    await deps.wechat.send({
      openid: d.openid,
      templateId,
      url: pageUrl(d),
      data: { first: d.title, keyword1: d.content, keyword2: formatShanghaiMinute(new Date(d.createdAt)), remark: d.companyTitle },
    });
    return 'sent';
  }

  return {
    /**
     * `db`: the run's connection (the job's, holding its lock; docs/decisions/063); `budgetMs`: no
     * new batch is claimed once the run has taken this long, the rest is the next run's
     * (`finished` false). Each claim is a range at the start of message_delivery_pending_idx.
     */
    async deliverDue(
      options: { db?: Executor; budgetMs?: number } = {},
    ): Promise<{ sent: number; skipped: number; failures: DeliveryFailure[]; finished: boolean }> {
      const started = performance.now();
      const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
      const tx = options.db;
      let sent = 0;
      let skipped = 0;
      let finished = false;
      const failures: DeliveryFailure[] = [];
      for (;;) {
        const claimed = await deps.messages.claimDue(clock(), BATCH, LEASE_SECONDS, tx);
        for (const d of claimed) {
          try {
            const outcome = await send(d);
            if (outcome === 'sent') {
              await deps.messages.markSent(d.id, clock(), tx);
              sent += 1;
            } else {
              await deps.messages.markSkipped(d.id, outcome, tx);
              skipped += 1;
            }
          } catch (error) {
            const final = d.attempts >= DELIVERY_MAX_ATTEMPTS;
            const retryAt = new Date(clock().getTime() + RETRY_BASE_SECONDS * 2 ** (d.attempts - 1) * 1000);
            const text = failureText(error);
            await deps.messages.markFailed(d.id, text, final, retryAt, tx);
            failures.push({ deliveryId: d.id, companyId: d.companyId, channel: d.channel, attempt: d.attempts, final, error: text });
          }
        }
        if (claimed.length < BATCH) {
          finished = true;
          break;
        }
        if (performance.now() - started >= budget) break;
        await nextTurn();
      }
      return { sent, skipped, failures, finished };
    },
  };
}

export type MessageDelivery = ReturnType<typeof createMessageDelivery>;
