import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@baobei/shared/rules/phone';

/** The SMS provider behind a small interface (DECISIONS.md, SMS and WeChat). */
export interface SmsSender {
  send(message: { phone: string; text: string; code?: string }): Promise<void>;
}

export interface DevSmsSender extends SmsSender {
  /** The last code sent to a phone, for tests only (never registered in production). */
  lastCode(phone: string): string | undefined;
}

/**
 * Development adapter: writes the message to the log (the spec's way to read a code
 * without a provider) and keeps the last code per phone for the test-only reader. In
 * production it sends nothing and logs only that a message was not sent: message texts carry
 * codes, and a production log never does.
 */
export function createDevSmsSender(log: FastifyBaseLogger, options: { production: boolean }): DevSmsSender {
  const outbox = new Map<string, string>();
  return {
    async send({ phone, text, code }) {
      if (options.production) {
        log.warn({ sms: { to: maskPhone(phone) } }, 'SMS_PROVIDER=dev in production: message not sent');
        return;
      }
      if (code) outbox.set(phone, code);
      log.info({ sms: { to: maskPhone(phone), text } }, 'dev sms adapter: message not sent, logged instead');
    },
    lastCode: (phone) => outbox.get(phone),
  };
}
