import { defineConfig } from 'vitest/config';
import { PROCESS_GLOB, serverTestProjects, UNIT_GLOBS } from './scripts/test-projects.mjs';

/**
 * Three projects (scripts/test-projects.mjs says which file goes where; docs/decisions/064-fast-ci.md):
 * - `unit`: the tests that open no database: every package, the web and console apps, the
 *   repository's own lint rules (scripts/lint) and the server's tests that never reach
 *   apps/server/src/test/test-database.ts.
 * - `api`: the server's tests that open a database (createTestApp, openTestDatabase), each file
 *   on a fresh copy of the seeded template (global-setup.ts). PGlite, or PostgreSQL with
 *   TEST_DB_KIND=postgres and TEST_DATABASE_URL.
 * - `process`: *.process.test.ts, which start the compiled server as its own process on PGlite
 *   (kill -9, production start; two-instances on TEST_DATABASE_URL and TEST_REDIS_URL).
 * `npx vitest run` runs all three; `npx vitest run --project unit` only the fast ones.
 */
const server = serverTestProjects();

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // No maxWorkers here: a project takes the file's value before the command line's, so a
    // value here made `--maxWorkers=1` (scripts/test.mjs) run two workers per lane. Unset, the
    // command line decides, and a bare `vitest run` uses every core (decision 064).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: [...UNIT_GLOBS, ...server.unit] } },
      // One module graph per worker, not per file (docs/decisions/064): each file still opens its
      // own database and app; re-importing the server for each of 75 files was 40% of the CPU.
      {
        extends: true,
        test: { name: 'api', include: server.api, isolate: false, globalSetup: ['apps/server/src/test/global-setup.ts'], setupFiles: ['apps/server/src/test/no-deprecations.ts'] },
      },
      // They start the server on PGlite (their own data directories) whatever engine the api project runs on.
      { extends: true, test: { name: 'process', include: [PROCESS_GLOB], env: { TEST_DB_KIND: 'pglite' } } },
    ],
  },
});
