import { Workbox } from 'workbox-window';
import { showNewVersion } from './offline-banner';

/** What the update flow uses of workbox-window's Workbox (a fake in the unit test). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

export interface UpdateFlowDeps {
  workbox: WorkboxLike;
  /** Shows 有新版本; its 刷新 calls `apply`. */
  prompt: (apply: () => void) => void;
  reload: () => void;
}

/**
 * A new version waits until the user taps 刷新 on the 有新版本 prompt; it then takes over and the
 * page reloads on it, so no page runs on an app shell older than its worker (docs/decisions/094).
 */
export function startUpdateFlow({ workbox, prompt, reload }: UpdateFlowDeps): Promise<unknown> {
  workbox.addEventListener('waiting', () => {
    prompt(() => {
      workbox.addEventListener('controlling', reload);
      workbox.messageSkipWaiting();
    });
  });
  return workbox.register();
}

/**
 * Registers the service worker (docs/decisions/094), with the update flow above. Not where
 * service workers are missing (plain http on a LAN address is no secure context).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void startUpdateFlow({ workbox: new Workbox('/sw.js', { scope: '/' }), prompt: showNewVersion, reload: () => window.location.reload() });
}
