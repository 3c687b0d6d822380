/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isOfflineApi, isPublicPicture, NOT_APP_PAGES } from './offline-cache-rules';

/**
 * The web app's service worker (issue 33, item 6; docs/decisions/094), built by vite-plugin-pwa
 * (injectManifest) with Workbox: the app shell precached, pages and the answers of
 * offline-cache-rules.ts network first (the last of each kept), the precached shell for a page
 * never opened, public pictures cache first. Nothing else is kept.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once; a later version waits for 刷新 (SKIP_WAITING).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pages from the network, the last one of each address kept: the server's page carries only
// what any visitor of the host gets (the brand, the visitors' init data, home's listings).
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 8, plugins: [new ExpirationPlugin({ maxEntries: 30 })] }), {
    denylist: [...NOT_APP_PAGES],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isOfflineApi(url),
  new NetworkFirst({ cacheName: 'public-api', networkTimeoutSeconds: 8, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.origin === self.location.origin && isPublicPicture(url),
  new CacheFirst({ cacheName: 'public-pictures', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// A page without the network: the precached shell (it starts from the kept answers above).
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});
