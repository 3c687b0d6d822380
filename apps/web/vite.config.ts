import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { antdMobileImports } from './vite-plugin-antd-mobile-imports.js';
import { contractPathsPlugin } from './vite-plugin-contract-paths.js';
import { messageSectionsPlugin } from './vite-plugin-message-sections.js';
import { precompress } from './vite-plugin-precompress.js';
import { routePreloads } from './vite-plugin-route-preloads.js';

/**
 * The API server of `npm run dev -w @baobei/server` (ARCHITECTURE.md, Runs: one port, 3000).
 * API_ORIGIN points the dev server elsewhere (a second server on another port).
 */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Chunks (decision 033). Rolldown splits by what each page imports; these groups only gather:
 * - `react` (react, react-dom, the router) and `vendor` (TanStack Query, zustand): every page,
 *   long-cached, changing only with a dependency update;
 * - `ui`: the other packages (antd-mobile's components, react-spring, use-gesture, icons) that
 *   at least SHARED_BY pages import, in one chunk instead of dozens of tiny shared ones (on
 *   HTTP/1.1 each file is a round trip); the entry loads it, so what fewer pages use stays
 *   with those pages' own chunks;
 * - `common`: the same for the app's lib/, components/, api/ and the shared package.
 * The overlays that load when first opened (components/lazy-overlays.ts) are kept out of `ui`,
 * or the group would bring them back into every first load. ECharts, the map loader, the
 * panorama viewer and the WeChat SDK are imported dynamically and stay in their own chunks.
 */
const SHARED_BY = 10;
// Selector (with the Grid and Space it lays its options out in) belongs to forms in popups that
// load when opened (add customer, 写跟进, 意向, staff, the calculator): kept out of `ui` too.
const LOADED_ON_USE =
  /[\\/]antd-mobile[\\/]es[\\/]components[\\/](image-viewer|date-picker|picker|cascade-picker|calendar-picker|action-sheet|dialog|center-popup|error-block[\\/]images|selector|grid|space)[\\/]/;
const CHUNK_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor', test: /[\\/]node_modules[\\/](@tanstack|zustand)[\\/]/, priority: 25 },
  {
    name: 'ui',
    test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !LOADED_ON_USE.test(id),
    priority: 20,
    minShareCount: SHARED_BY,
  },
  {
    name: 'common',
    test: /[\\/](src[\\/](lib|components|api)|packages[\\/]shared)[\\/]/,
    priority: 10,
    minShareCount: SHARED_BY,
  },
];

/** The entry's own chunk groups (and their CSS): loaded before any lazy page asks for them. */
const ENTRY_GROUPS = /^static\/(rolldown-runtime|react|vendor|ui|common)-[\w-]{8}\.(js|css)$/;

export default defineConfig({
  plugins: [
    // antd-mobile imported component by component, the messages by section and the API
    // contract as methods and paths only, so each page carries what it uses (decision 033).
    antdMobileImports(),
    messageSectionsPlugin(),
    react(),
    contractPathsPlugin(),
    // Each route's own chunks and CSS, for the server's preloads in that route's index page (decision 033).
    routePreloads(),
    // The service worker (decision 094): Workbox's precache of the app shell injected into
    // src/sw/sw.ts. Registered by the app after its first page (app/offline-start.ts); the
    // manifest is the server's, per host (/manifest.webmanifest).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'static/**/*.{js,css}'],
        // Loaded only where a page asks (charts, maps, the panorama): fetched online, not kept ahead.
        globIgnores: ['**/echarts*', '**/amap*', '**/panorama*', '**/photo-sphere*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The worker names its API paths from the contract, reduced to methods and paths as in the app.
        buildPlugins: { vite: [contractPathsPlugin()] },
      },
    }),
    // .br and .gz next to every text file of the build, sent as they are by the server (decision 031).
    precompress(),
  ],
  server: {
    host: true,
    proxy: {
      '/api': API_ORIGIN,
      '/assets': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/assets': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    // The server serves its own /assets (seed images); the bundle's files go under /static
    // so the two never share a path.
    assetsDir: 'static',
    // .vite/manifest.json: the server reads the entry's chunks and CSS from it for the index
    // page's `Link` preload header (decision 031). Dot folders are not served.
    manifest: true,
    target: 'es2020',
    // The lists of files a lazy page preloads live in the entry, which every first load carries
    // (decision 094): the groups the entry itself loads (ENTRY_GROUPS) are left out of them, and
    // app/offline-start.ts, loaded after the page's load event, preloads nothing.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        if (/offline-start/.test(file)) return [];
        return deps.filter((dep) => !ENTRY_GROUPS.test(dep));
      },
    },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Vite 8 bundles with Rolldown: `codeSplitting.groups` is the successor of Rollup's
        // `manualChunks` (which Rolldown keeps only as a deprecated alias).
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
