import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstLoadFiles, routePages, type Manifest } from './scripts/first-load.mjs';

/** Where the server reads it (apps/server/src/plugins/web-static.ts); dot folders are not served. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreloads {
  /** Route name (the shared route table's) → the files its first load needs beyond the entry's. */
  [route: string]: { js: string[]; css: string[] };
}

/**
 * Per route of `src/app/router.tsx`, the page's chunk, its static imports and their CSS that
 * the entry does not already bring (the same files scripts/first-load.mjs counts), so the
 * server can name them in the index page of that path and the browser fetches them beside the
 * entry instead of after it has run the router (decision 033).
 */
export function routePreloadsOf(manifest: Manifest, routerSource: string): RoutePreloads {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entry = firstLoadFiles(manifest, entryKey);
  const preloads: RoutePreloads = {};
  for (const [route, key] of routePages(routerSource)) {
    const { js, css } = firstLoadFiles(manifest, key);
    preloads[route] = {
      js: js.filter((file) => !entry.js.includes(file)),
      css: css.filter((file) => !entry.css.includes(file)),
    };
  }
  return preloads;
}

/** Writes `ROUTE_PRELOADS_FILE` next to Vite's manifest once the bundle is written. */
export function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'baobei:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const routerSource = await readFile(path.join(root, 'src/app/router.tsx'), 'utf8');
        await writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloadsOf(manifest, routerSource)));
      },
    },
  };
}
