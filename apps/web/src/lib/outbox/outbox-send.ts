import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { Toast } from 'antd-mobile';
import { call, type CallOptions } from '../api-client';
import { isApiError } from '../api-error';
import { queryClient } from '../query-client';
import { useSessionStore } from '../session/session-store';
import { classifySendFailure, retryDelay } from './outbox-rules';
import { removeOutboxItem, updateOutboxItem, useOutbox, type OutboxItem } from './outbox-store';

const text = messages.outbox;

/**
 * Sends the outbox (docs/decisions/094), loaded when there is something to send. Each item goes
 * with the Idempotency-Key of its first try: a try whose answer was lost is replayed by the
 * server, never created again. Quiet: the outbox's page and toasts say what happened, not the
 * request-exception dialog; a 401 waits for the owner to sign in again.
 */
function send(item: OutboxItem): Promise<unknown> {
  const options: CallOptions = { quiet: true, silentUnauthorized: true, headers: { 'Idempotency-Key': item.key } };
  switch (item.kind) {
    case 'report':
      // The body first sent (the draft is kept only to open it back in the form).
      return call(api.record.postRecordData, { body: item.body }, options);
    case 'customer':
      return call(api.customer.addCustomer, { body: item.input }, options);
    case 'feedback':
      return call(api.user.addGbook, { body: item.input }, options);
  }
}

let running: Promise<void> | null = null;
let again = false;
let againForced = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Tries each waiting item whose time has come (all of them when `force`: the network is back, or a tap). */
export function flushOutbox(options: { force?: boolean } = {}): Promise<void> {
  if (running) {
    again = true;
    againForced ||= options.force === true;
    return running;
  }
  running = run(options.force === true).finally(() => {
    running = null;
    if (!again) return;
    const force = againForced;
    again = false;
    againForced = false;
    void flushOutbox({ force });
  });
  return running;
}

async function run(force: boolean): Promise<void> {
  const { uid, items } = useOutbox.getState();
  // Only the owner, signed in, sends their items.
  if (uid === null || useSessionStore.getState().userInfo?.uid !== uid) return;
  let sent = false;
  for (const item of items) {
    if (item.state !== 'waiting' || (!force && item.nextAt > Date.now())) continue;
    if (!navigator.onLine) break;
    await updateOutboxItem(uid, item.id, { state: 'sending' });
    try {
      await send(item);
      await removeOutboxItem(uid, item.id);
      sent = true;
      Toast.show({ icon: 'success', content: text.sent(text.kind[item.kind]) });
    } catch (error) {
      const failure = isApiError(error) ? error : { code: 0, msg: '' };
      const outcome = classifySendFailure(failure, messages.common.requestInProgress);
      if (outcome === 'refused') {
        await updateOutboxItem(uid, item.id, { state: 'refused', error: failure.msg || messages.record.submitFailed });
        Toast.show({ content: text.refusedToast(text.kind[item.kind]) });
        continue;
      }
      if (outcome === 'signedOut') {
        await updateOutboxItem(uid, item.id, { state: 'waiting' });
        return;
      }
      const attempts = item.attempts + 1;
      await updateOutboxItem(uid, item.id, { state: 'waiting', attempts, nextAt: Date.now() + retryDelay(attempts) });
      if (outcome === 'network') break;
    }
  }
  // The lists on screen show what went out.
  if (sent) void queryClient.invalidateQueries();
  scheduleNext();
}

/** After a form kept an item: try it on the schedule (its first retry is a few seconds on). */
export function flushOutboxSoon(): void {
  void flushOutbox();
}

/** The next try of the earliest waiting item (the network's return tries at once anyway). */
function scheduleNext(): void {
  clearTimeout(timer);
  const waiting = useOutbox.getState().items.filter((item) => item.state === 'waiting');
  if (waiting.length === 0) return;
  const next = Math.min(...waiting.map((item) => item.nextAt));
  timer = setTimeout(() => void flushOutbox(), Math.max(0, next - Date.now()));
}
