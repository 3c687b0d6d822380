import { defineConfig } from 'vitest/config';

/**
 * Unit tests of every package, the API tests (app.inject on a fresh database per file) and the
 * tests of the repository's own lint rules (scripts/lint).
 * TEST_DB_KIND=postgres with TEST_DATABASE_URL runs the API tests on PostgreSQL instead of PGlite.
 */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      // The web build's own plugins and scripts (vite-plugin-*.ts, scripts/first-load.mjs).
      'apps/web/*.test.ts',
      'apps/web/scripts/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
