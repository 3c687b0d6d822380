#!/usr/bin/env node
/**
 * Lighthouse (mobile: its default form factor, screen and simulated throttling) on the pages of
 * the first-load goals (decision 033): home, house list, a house detail, login and the signed-in
 * report list. The app must already be served at the base URL (a built web app behind the
 * server, e.g. `PORT=3404 WEB_DIST=/tmp/webdist npm run start -w @baobei/server`).
 *
 *   node apps/web/scripts/lighthouse.mjs [baseUrl] [--runs N] [--json file] [--reports dir]
 *
 * Each page runs N times (default 1), each in a fresh Chromium profile (a cold cache), and the
 * run of median performance is kept. `runLighthouse(baseUrl, options)` answers the rows for a
 * caller (npm run bench). Chromium: CHROMIUM_PATH or /usr/bin/chromium. `--reports` keeps each
 * run's whole Lighthouse result (JSON, for the Lighthouse viewer).
 *
 * The throttling is simulated, but the CPU work it scales is timed on this machine: run it on
 * an idle machine, and more than once (`--runs 3`), before comparing TBT and performance.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
/** A demo account of company `localhost` with reports (README, Demo accounts). */
export const DEMO_ACCOUNT = { phone: '13800000003', password: '123456' };

/**
 * The pages measured. `{house}` is a listing of the demo data, found through the house list;
 * `signedIn` pages open with a session (the token stored as the app stores it).
 */
export const PAGES = [
  { name: 'home', path: '/home' },
  { name: 'house list', path: '/house/list' },
  { name: 'house detail', path: '/house/detail/{house}' },
  { name: 'login', path: '/login' },
  { name: 'report list', path: '/record/list', signedIn: true },
];

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (!response.ok || envelope.code !== 200) throw new Error(`${url}: ${response.status} ${envelope.msg ?? ''}`);
  return envelope.data;
}

/** The first listing of the house list: a demo listing id. */
async function firstHouseId(baseUrl) {
  const data = await postJson(`${baseUrl}/api/index/get-house-list`, {});
  const id = data.list?.[0]?.id;
  if (!id) throw new Error('the house list is empty: is the demo data seeded?');
  return id;
}

async function signIn(baseUrl, account) {
  const data = await postJson(`${baseUrl}/api/login/sign`, { username: account.phone, password: account.password });
  return data.token;
}

/**
 * The value lib/secure-storage.ts reads back for a key: its plain form (`p1.` + base64 of
 * `{ v, e }`), which the app accepts where Web Crypto is missing, so no key is needed here.
 */
export function storedValue(value) {
  return `p1.${Buffer.from(JSON.stringify({ v: value, e: null }), 'utf8').toString('base64')}`;
}

/** Stores the session token in the profile (on an API page, so no app file is cached). */
async function storeToken(port, baseUrl, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => localStorage.setItem('baobei:token', value), storedValue(token));
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const ms = (audit) => audit?.numericValue ?? NaN;

/** One row of the result: scores out of 100, times in ms, CLS unitless. */
function rowOf(name, url, lhr) {
  const a = lhr.audits;
  const failures = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => a[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => ({
      id: audit.id,
      nodes: (audit.details?.items ?? []).map((item) => item.node?.snippet ?? item.node?.selector ?? '').slice(0, 8),
    }));
  return {
    page: name,
    url,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: ms(a['first-contentful-paint']),
    lcp: ms(a['largest-contentful-paint']),
    tbt: ms(a['total-blocking-time']),
    cls: ms(a['cumulative-layout-shift']),
    speedIndex: ms(a['speed-index']),
    unusedJsKiB: Math.round((a['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024),
    accessibilityFailures: failures,
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    runtimeError: lhr.runtimeError?.message,
  };
}

async function runOnce(url, { token, baseUrl, chromePath }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    if (token) await storeToken(chrome.port, baseUrl, token);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The signed-in page keeps the stored token; the profile is new, so the cache is cold anyway.
      disableStorageReset: Boolean(token),
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Runs Lighthouse on every page of `pages` against `baseUrl` and answers one row per page (the
 * run of median performance when `runs` > 1).
 * @param {string} baseUrl e.g. http://localhost:3404 (the host picks the company)
 * @param {{ runs?: number, pages?: typeof PAGES, chromePath?: string, account?: typeof DEMO_ACCOUNT, reportsDir?: string, onRow?: (row: object) => void }} [options]
 */
export async function runLighthouse(baseUrl, options = {}) {
  const base = baseUrl.replace(/\/$/, '');
  const runs = Math.max(1, options.runs ?? 1);
  const chromePath = options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const pages = options.pages ?? PAGES;
  const house = pages.some((p) => p.path.includes('{house}')) ? await firstHouseId(base) : null;
  const rows = [];
  for (const page of pages) {
    const url = base + page.path.replace('{house}', String(house));
    const results = [];
    // A run Lighthouse itself could not measure (a trace without navigation start, …) is run
    // again, up to twice in all, and never counted.
    for (let i = 0, failures = 0; results.length < runs; i += 1) {
      // A new sign-in per run: each run's profile is new, and a token is never shared between them.
      const token = page.signedIn ? await signIn(base, options.account ?? DEMO_ACCOUNT) : null;
      const lhr = await runOnce(url, { token, baseUrl: base, chromePath });
      if (options.reportsDir) {
        mkdirSync(options.reportsDir, { recursive: true });
        writeFileSync(path.join(options.reportsDir, `${page.name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
      }
      const row = rowOf(page.name, url, lhr);
      if (!row.runtimeError) results.push(row);
      else if ((failures += 1) > 2) throw new Error(`${url}: ${row.runtimeError}`);
    }
    results.sort((x, y) => x.performance - y.performance || y.lcp - x.lcp);
    const row = { ...results[Math.floor((results.length - 1) / 2)], runs: results.map((r) => r.performance) };
    options.onRow?.(row);
    rows.push(row);
  }
  return rows;
}

/** The rows as a text table (times in seconds, as Lighthouse shows them). */
export function formatRows(rows) {
  const s = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : '–');
  const head = ['page', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'unused JS'];
  const body = rows.map((r) => [
    r.page,
    String(r.performance),
    String(r.accessibility),
    s(r.fcp),
    s(r.lcp),
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    s(r.speedIndex),
    `${r.unusedJsKiB} KiB`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  return [head, ...body].map((line) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (flag) => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const runs = Number(option('--runs') ?? 1);
  const jsonFile = option('--json');
  const reportsDir = option('--reports');
  const baseUrl = args[0] ?? 'http://localhost:3000';
  const rows = await runLighthouse(baseUrl, {
    runs,
    reportsDir,
    onRow: (row) => console.error(`  ${row.page}: performance ${row.performance} (runs ${row.runs.join(', ')})`),
  });
  console.log(`\nLighthouse mobile (simulated throttling), ${baseUrl}, median of ${runs} run(s):\n${formatRows(rows)}`);
  for (const row of rows) {
    if (row.runtimeError) console.log(`\n${row.page}: ${row.runtimeError}`);
    for (const failure of row.accessibilityFailures) {
      console.log(`\n${row.page} accessibility: ${failure.id}${failure.nodes.map((n) => `\n    ${n}`).join('')}`);
    }
  }
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(rows, null, 2)}\n`);
}
