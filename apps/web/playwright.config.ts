import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Journeys against the built app started as `npm start` does (migrate, seed, serve), on a
 * fresh data directory, in Debian's Chromium at an iPhone-sized viewport.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A port of this run's own, so two runs on one machine never meet; workers inherit it.
process.env.E2E_PORT ??= String(3210 + (process.pid % 700));
const port = Number(process.env.E2E_PORT);
const dataDir = path.join(root, '.tmp', `e2e-data-${Date.now()}`);

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, '.tmp', 'e2e-results'),
  // Each journey runs in a company of its own (e2e/support.ts; docs/decisions/065), so any two
  // run side by side, in any order.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Two browsers beside two vitest runs on two cores: a first console page can take 10 s (decision 065).
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The phone is in Haikou, the default city: locating stores it without a dialog. A journey
    // about locating sets its own position, or refuses the permission (permissions: []).
    geolocation: { latitude: 20.044, longitude: 110.1999 },
    permissions: ['geolocation'],
    // The service worker (decision 094) would answer requests a journey routes or aborts
    // (page.route does not see what a worker serves): off, but in offline.spec.ts, which is about it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Recording a trace costs about a quarter of a journey's CPU (DOM snapshots after every
    // step): CI records the retry of a failed journey only, which is what says why it failed.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium through e2e/chromium.sh: never above the tests beside it in priority.
      executablePath: process.env.CHROMIUM_PATH ?? path.join(root, 'apps/web/e2e/chromium.sh'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    // The production build, as `npm start` runs it (`npm run build` makes it with the web app's).
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Its warnings and errors (LOG_LEVEL warn) in the run's output: a journey that failed on a
    // refused or failed call says so beside the failure, also in CI where nothing else is kept.
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EXPOSE_DEV_SMS: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
