import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugin-precompress.js';

/**
 * The API server of `npm run dev -w @baobei/server` (ARCHITECTURE.md, Runs: one port, 3000).
 * API_ORIGIN points the dev server elsewhere (a second server on another port).
 */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Vendor code that every page needs goes into a few long-cached chunks. Anything else in
 * node_modules (later: echarts for statistics, the maps loader) is left to automatic
 * splitting so it stays in the lazy route chunk that uses it instead of the first load.
 */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'antd-mobile',
    test: /[\\/]node_modules[\\/](antd-mobile|antd-mobile-icons|antd-mobile-v5-count|@react-spring|@use-gesture|@floating-ui|rc-field-form|rc-segmented|rc-util|@rc-component|ahooks|runes2|staged-components|classnames|deepmerge|nano-memoize|react-fast-compare|react-is|use-sync-external-store|tslib|lodash|js-cookie|screenfull|intersection-observer|resize-observer-polyfill|@babel[\\/]runtime)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/](@tanstack|zustand|dayjs)[\\/]/, priority: 10 },
];

export default defineConfig({
  // .br and .gz next to every text file of the build, sent as they are by the server (decision 031).
  plugins: [react(), precompress()],
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
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
