import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@baobei/shared/messages';
import { maskPhone } from '@baobei/shared/rules/phone';
import { redactText } from './log-redaction';
import type { OperationMetrics } from './operation-metrics';
import { requestLogOr } from './request-context';

/**
 * The messages the app sends, each with the variables of its provider template. The provider
 * adds the signature (SMS_SIGN_NAME) and renders the template configured for the kind.
 */
export interface SmsParamsByKind {
  loginCode: { code: string };
  passwordCode: { code: string };
  phoneChangeCode: { code: string };
  registrationApproved: { name: string };
  registrationRejected: { name: string; reason: string };
  /** A notification of the kinds the company sends by SMS (docs/decisions/054): its title and text. */
  notification: { title: string; content: string };
}
export type SmsKind = keyof SmsParamsByKind;
export const SMS_KINDS = [
  'loginCode',
  'passwordCode',
  'phoneChangeCode',
  'registrationApproved',
  'registrationRejected',
  'notification',
] as const satisfies readonly SmsKind[];

/**
 * The variables of each kind's template: Aliyun's `${code}`, `${name}`, `${reason}` by name,
 * Tencent's `{1}`, `{2}` in this order.
 */
export const SMS_TEMPLATE_VARIABLES: { [K in SmsKind]: readonly (keyof SmsParamsByKind[K])[] } = {
  loginCode: ['code'],
  passwordCode: ['code'],
  phoneChangeCode: ['code'],
  registrationApproved: ['name'],
  registrationRejected: ['name', 'reason'],
  notification: ['title', 'content'],
};

/**
 * One message: `companyTitle` is the tenant's name, which only the development adapter writes;
 * `companyId` the tenant, by which the development adapter keeps codes apart (one phone can be
 * an account of several companies).
 */
export type SmsMessage = {
  [K in SmsKind]: { phone: string; companyId?: number; companyTitle: string; kind: K; params: SmsParamsByKind[K] };
}[SmsKind];

/** The template variables of a message, named as SMS_TEMPLATE_VARIABLES lists them. */
export function templateValues(message: SmsMessage): { name: string; value: string }[] {
  const params = message.params as unknown as Record<string, string>;
  return (SMS_TEMPLATE_VARIABLES[message.kind] as readonly string[]).map((name) => ({ name, value: params[name] ?? '' }));
}

/** The SMS provider behind a small interface (DECISIONS.md, SMS and WeChat). */
export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with SmsSendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * What a failed send means to the user: the provider's per-number limit (`rateLimited`), a
 * number it will not send to (`badNumber`), or anything on the provider's or our side
 * (`unavailable`: no balance, bad credentials or template, network, timeout).
 */
export type SmsFailure = 'rateLimited' | 'badNumber' | 'unavailable';

/**
 * A provider did not accept a message. Carries no phone number, and no code, signature or key
 * the provider's message quoted (log-redaction.ts): it is logged as is.
 */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: SmsFailure,
    /** The provider's answer code (`isv.BUSINESS_LIMIT_CONTROL`, `LimitExceeded.PhoneNumberDailyLimit`), or `NETWORK`. */
    readonly providerCode: string,
    providerMessage: string,
    readonly requestId = '',
  ) {
    super(`${provider} SMS not sent: ${providerCode} ${withoutPhoneNumbers(redactText(providerMessage))}`.trim());
  }
}

/** Provider messages may quote the number; a log line never does. */
export function withoutPhoneNumbers(text: string): string {
  return text.replace(/\+?\d[\d ]{6,}\d/g, '[number]');
}

/** The user's message for a failed send, in the API's words. */
export function smsFailureMessage(failure: SmsFailure): string {
  if (failure === 'rateLimited') return messages.login.smsSendTooFrequent;
  if (failure === 'badNumber') return messages.login.phoneInvalid;
  return messages.login.smsSendFailed;
}

/**
 * Every failed send writes one line: provider, kind, the provider's code and request id, never
 * the phone or the text (codes). Limits and bad numbers are the user's, a warning; the rest
 * needs someone to look (balance, credentials, templates), an error. Sent for a request (a code
 * asked for), the line is the request's, with its reqId (lib/request-context.ts).
 */
export function withFailureLog(sender: SmsSender, log: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        const failure =
          error instanceof SmsSendError
            ? error
            : new SmsSendError('sms', 'unavailable', 'UNEXPECTED', error instanceof Error ? error.name : 'error');
        const line = {
          sms: {
            provider: failure.provider,
            kind: message.kind,
            failure: failure.failure,
            code: failure.providerCode,
            requestId: failure.requestId,
          },
        };
        const requestLog = requestLogOr(log);
        if (failure.failure === 'unavailable') requestLog.error(line, failure.message);
        else requestLog.warn(line, failure.message);
        throw failure;
      }
    },
  };
}

/** Counts every message handed to `provider` for /metrics: sent, or how it failed (docs/decisions/097). */
export function withSendCount(sender: SmsSender, provider: string, metrics: OperationMetrics): SmsSender {
  return {
    async send(message) {
      try {
        await sender.send(message);
        metrics.smsSend(provider, message.kind, 'sent');
      } catch (error) {
        metrics.smsSend(provider, message.kind, error instanceof SmsSendError ? error.failure : 'unavailable');
        throw error;
      }
    },
  };
}

export interface DevSmsSender extends SmsSender {
  /** The last code a company sent to a phone, for tests only (never registered in production). */
  lastCode(phone: string, companyId: number): string | undefined;
}

/** The text the development adapter writes for a message, as a real template would read. */
export function devSmsText(message: SmsMessage): string {
  const title = message.companyTitle;
  const registrationText = messages.registration;
  switch (message.kind) {
    case 'loginCode':
    case 'passwordCode':
    case 'phoneChangeCode':
      return `【${title}】您的验证码是${message.params.code}，5分钟内有效，请勿泄露。`;
    case 'registrationApproved':
      return registrationText.smsApproved(title, message.params.name);
    case 'registrationRejected':
      return registrationText.smsRejected(title, message.params.name, message.params.reason);
    case 'notification':
      return `【${title}】${message.params.title}：${message.params.content}`;
  }
}

/**
 * Development adapter: writes the message to the log (the spec's way to read a code without a
 * provider) and keeps the last code per phone for the test-only reader. Production refuses
 * SMS_PROVIDER=dev (config.ts), so it never runs there.
 */
export function createDevSmsSender(log: FastifyBaseLogger): DevSmsSender {
  const outbox = new Map<string, string>();
  const key = (phone: string, companyId: number | undefined) => `${companyId ?? ''}:${phone}`;
  return {
    async send(message) {
      if ('code' in message.params) outbox.set(key(message.phone, message.companyId), message.params.code);
      log.info({ sms: { to: maskPhone(message.phone), text: devSmsText(message) } }, 'dev sms adapter: message not sent, logged instead');
    },
    lastCode: (phone, companyId) => outbox.get(key(phone, companyId)),
  };
}
