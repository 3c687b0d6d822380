import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
const LOADED_ON_USE =
  /[\\/]antd-mobile[\\/]es[\\/]components[\\/](image-viewer|date-picker|picker|cascade-picker|calendar-picker|action-sheet|dialog|center-popup|error-block[\\/]images)[\\/]/;
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
