import type { FastifyBaseLogger } from 'fastify';
import type { MessageRepository } from '../modules/message/message-repository';
import type { JobFailureRepository } from './job-failure-repository';

const DAY_MS = 86_400_000;
/** How long the message centre keeps a message (docs/decisions/057): half a year, read or not. */
export const MESSAGE_RETENTION_DAYS = 180;
/** How long 后台任务 keeps a failed attempt: a quarter, long after any retry or investigation. */
export const JOB_FAILURE_RETENTION_DAYS = 90;
/** Messages one statement removes: short transactions, however many came due. */
const MESSAGE_BATCH = 5_000;

/**
 * The nightly clean-up (docs/decisions/057): the tables that only grow (the message centre's
 * messages with their deliveries, the failed job attempts) lose what is past its retention. It
 * may run twice or on two instances at once: deleting what is gone deletes nothing.
 */
export function createHousekeeping(deps: { messages: MessageRepository; failures: JobFailureRepository; log: FastifyBaseLogger; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    async run(): Promise<{ messages: number; jobFailures: number }> {
      const now = clock().getTime();
      const messageCutoff = new Date(now - MESSAGE_RETENTION_DAYS * DAY_MS);
      let messages = 0;
      for (;;) {
        const removed = await deps.messages.deleteOlderThan(messageCutoff, MESSAGE_BATCH);
        messages += removed;
        if (removed < MESSAGE_BATCH) break;
      }
      const jobFailures = await deps.failures.deleteOlderThan(new Date(now - JOB_FAILURE_RETENTION_DAYS * DAY_MS));
      if (messages > 0 || jobFailures > 0) deps.log.info({ messages, jobFailures }, 'housekeeping removed rows past their retention');
      return { messages, jobFailures };
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
