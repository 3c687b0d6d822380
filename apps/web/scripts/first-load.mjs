#!/usr/bin/env node
/**
 * First-load JS per route, from the Vite build manifest (decision 033).
 *
 * For every lazy page of `src/app/router.tsx`, what a phone fetches before that page can
 * render when it is the first page opened: the entry chunk (index.html) and its static imports,
 * then the page's chunk and its static imports, each file once, gzip-compressed (level 9, as
 * the build's .gz files) and summed. Dynamic imports (popups, pickers, ECharts loaded on first
 * use) are not first load and are left out. CSS is shown beside it, not budgeted.
 *
 *   node scripts/first-load.mjs [distDir]     (default: dist, next to this folder)
 *
 * Prints a table and exits 1 when a route is over its budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KIB = 1024;

/** Budgets in KiB of gzip JS: home is the page most people open first; statistics carries its charts. */
export const BUDGETS_KIB = { home: 184, statistics: 300 };
export const DEFAULT_BUDGET_KIB = 250;

/** @param {string} route */
export function budgetFor(route) {
  return BUDGETS_KIB[route] ?? DEFAULT_BUDGET_KIB;
}

/**
 * Route name → the page module's manifest key (`src/...tsx`), read from the router's
 * `name: lazyPage(() => import('../features/…'), …)` lines (and `const notFound = lazyPage(…)`).
 * @param {string} routerSource the text of src/app/router.tsx
 * @param {string} routerDir the router's folder relative to the web app root (`src/app`)
 * @returns {Map<string, string>}
 */
export function routePages(routerSource, routerDir = 'src/app') {
  const pages = new Map();
  const pattern = /(?:^|\s)(\w+)(?::|\s*=)\s*lazyPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;
  for (const [, name, specifier] of routerSource.matchAll(pattern)) {
    const key = path.posix.normalize(path.posix.join(routerDir, specifier));
    pages.set(name, /\.[jt]sx?$/.test(key) ? key : `${key}.tsx`);
  }
  return pages;
}

/**
 * The manifest key of the chunk holding a page module: its own key, or, when the bundler put
 * the module in a shared chunk (a small page also imported statically elsewhere), the chunk of
 * the same name that some chunk imports dynamically.
 * @param {Record<string, {file: string, name?: string, src?: string, dynamicImports?: string[]}>} manifest
 * @param {string} moduleKey
 */
export function chunkKeyOf(manifest, moduleKey) {
  if (manifest[moduleKey]) return moduleKey;
  const name = path.posix.basename(moduleKey).replace(/\.[jt]sx?$/, '');
  const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const found = [...dynamic].find((key) => manifest[key]?.name === name && !manifest[key]?.src);
  if (!found) throw new Error(`the manifest has no chunk for ${moduleKey}`);
  return found;
}

/**
 * The files a first load of `routeKey` fetches: the entry and the route's chunk, each with its
 * static imports, depth first, each file once (in fetch order).
 * @param {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} manifest
 * @param {string} routeKey the page module's key in the manifest
 * @returns {{ js: string[], css: string[] }}
 */
export function firstLoadFiles(manifest, routeKey) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const routeChunk = chunkKeyOf(manifest, routeKey);
  const seen = new Set();
  const js = [];
  const css = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  visit(entryKey);
  visit(routeChunk);
  return { js, css };
}

/**
 * @param {string} distDir
 * @param {string} webRoot the web app's folder (where src/app/router.tsx is)
 * @returns {{ route: string, js: number, css: number, files: number, budget: number, over: boolean }[]} sizes in bytes
 */
export function measureFirstLoad(distDir, webRoot) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const pages = routePages(readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8'));
  if (pages.size === 0) throw new Error('no lazy page found in src/app/router.tsx');
  const gzipCache = new Map();
  const gzipSize = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
  return [...pages].map(([route, key]) => {
    const { js, css } = firstLoadFiles(manifest, key);
    const bytes = sum(js);
    const budget = budgetFor(route);
    return { route, js: bytes, css: sum(css), files: js.length, budget, over: bytes > budget * KIB };
  });
}

/** @param {ReturnType<typeof measureFirstLoad>} rows */
export function formatTable(rows) {
  const kib = (bytes) => (bytes / KIB).toFixed(1);
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  const lines = [
    `${'route'.padEnd(width)}  JS gzip KiB  files  budget  CSS gzip KiB`,
    ...rows.map(
      (row) =>
        `${row.route.padEnd(width)}  ${kib(row.js).padStart(11)}  ${String(row.files).padStart(5)}  ${String(row.budget).padStart(6)}  ${kib(row.css).padStart(12)}${row.over ? '  OVER BUDGET' : ''}`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
  const rows = measureFirstLoad(distDir, webRoot);
  console.log(`\nFirst-load JS per route (entry + page chunk and their static imports, gzip -9):\n${formatTable(rows)}`);
  const over = rows.filter((row) => row.over);
  if (over.length) {
    console.error(`\nFirst-load budget exceeded: ${over.map((row) => row.route).join(', ')} (docs/decisions/033-first-load-budget.md)`);
    process.exit(1);
  }
}
