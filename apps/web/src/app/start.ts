import { startApp } from './bootstrap';

/**
 * Start-up's first request (the company of this host) leaves before the router module is
 * evaluated: main.tsx imports this module before the app, and the router starts fetching the
 * first page's chunks as soon as it is created, which on HTTP/1.1 would queue the company
 * request behind them (decision 033).
 */
// The outbox, the service worker and the 离线 banner (decision 094) load once the session is
// known: none of it is needed to paint (Workbox registers after the load event anyway).
void startApp()
  .then(() => import('./offline-start'))
  .then((m) => m.startOffline());
