import { useSessionStore } from '../session/session-store';
import { flushOutbox } from './outbox-send';
import { loadOutbox } from './outbox-store';

/**
 * The outbox follows the signed-in user (another user's items are never loaded), and sends
 * when the app opens with a user and whenever the network comes back (issue 33, item 5).
 */
export function startOutbox(): void {
  let uid: number | null = null;
  const follow = (next: number | null) => {
    if (next === uid) return;
    uid = next;
    void loadOutbox(next).then(() => flushOutbox({ force: true }));
  };
  follow(useSessionStore.getState().userInfo?.uid ?? null);
  useSessionStore.subscribe((state) => follow(state.userInfo?.uid ?? null));
  window.addEventListener('online', () => void flushOutbox({ force: true }));
}
