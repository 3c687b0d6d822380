import { getCompany } from '../features/company/api/get-company';
import { mountOfflineBanner } from '../lib/offline/offline-banner';
import { getCommonInitConfig } from '../lib/session/get-common-init-config';
import { registerServiceWorker } from '../lib/offline/service-worker';
import { startOutbox } from '../lib/outbox/outbox-start';

/**
 * Weak networks (issue 33, items 5 and 6; docs/decisions/094), after the first page: the
 * signed-in user's outbox (sent now and whenever the network returns), the 离线 banner and the
 * 有新版本 prompt, and the service worker that opens the app without a network.
 */
export function startOffline(): void {
  startOutbox();
  mountOfflineBanner();
  registerServiceWorker();
  if (navigator.serviceWorker?.controller) warmOfflineAnswers();
  // The 待发送 page, which the forms open when a submit finds no network: in memory from now on,
  // with or without a worker (none on plain http).
  void import('../features/outbox/pages/outbox-page');
}

/**
 * Through the worker, so it keeps them: the answers that a start from the precached shell (a
 * page never opened online, with no start data in it) asks first.
 */
function warmOfflineAnswers(): void {
  void getCompany(window.location.hostname, { quiet: true }).catch(() => undefined);
  void getCommonInitConfig({ quiet: true }).catch(() => undefined);
}
