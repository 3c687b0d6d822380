import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-plugin-precompress.js';

/** The API server of `npm run dev -w @baobei/server`; API_ORIGIN points the dev server elsewhere. */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * The operator console (docs/decisions/040): its own build, never part of the mobile app's.
 * Served by the API server at /admin/ (apps/server/src/plugins/console-static.ts); its files go
 * under /admin/static/ with content hashes, long-cached, and .br/.gz beside them.
 *
 * Chunks: React and the router; antd with its rc-* parts, icons and dayjs; then the Pro components
 * (ProLayout, ProForm, ProTable), which only the signed-in pages import, so the sign-in page
 * loads without them. Each changes only with a dependency update. Rolldown's groups take their
 * modules' dependencies along, so the higher priority claims antd before the Pro group could.
 * AMap's loader stays out of them: the listing form's map picker imports it only when opened.
 */
const PRO = /[\\/]node_modules[\\/]@ant-design[\\/]pro-/;
const AMAP = /[\\/]node_modules[\\/]@amap[\\/]/;
const CHUNK_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'antd', test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !PRO.test(id) && !AMAP.test(id), priority: 25 },
  { name: 'pro', test: PRO, priority: 20 },
];

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': API_ORIGIN, '/uploads': API_ORIGIN, '/assets': API_ORIGIN },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Same layout as the web build, so the server's cache rule (hashed files under static/) is one.
    assetsDir: 'static',
    target: 'es2020',
    // antd and the Pro components are large by nature; a desktop console on a LAN or broadband.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
});
