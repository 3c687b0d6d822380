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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EXPOSE_DEV_SMS: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
