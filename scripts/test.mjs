#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit and API tests on PGlite, the API tests again on
 * PostgreSQL when TEST_DATABASE_URL is set, the web build, then the browser journeys.
 * Prints the time of each step and a closing `N passed, N failed` line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const started = Date.now();

function run(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds}s`);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  return true;
}

const figuresDir = path.join(tmp, 'suite-figures');
rmSync(figuresDir, { recursive: true, force: true });

/** The hardening suites' figures (apps/server/src/test/suite-figures.ts), one line each. */
function printSuiteFigures() {
  if (!existsSync(figuresDir)) return;
  const lines = readdirSync(figuresDir).sort().map((f) => readFileSync(path.join(figuresDir, f), 'utf8').trim());
  if (lines.length) console.log(`\nHardening suites:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

function finish(ok) {
  printSuiteFigures();
  console.log(`\nTimings: ${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const npx = 'npx';
let ok = run('typecheck', 'npm', ['run', '-s', 'typecheck']);
ok = run('lint', 'npm', ['run', '-s', 'lint']) && ok;
if (!ok) finish(false);

const pgliteReport = path.join(tmp, 'vitest-pglite.json');
rmSync(pgliteReport, { force: true });
ok = run('unit and API tests (PGlite)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`]) && ok;
if (!countVitest(pgliteReport)) ok = false;

if (process.env.TEST_DATABASE_URL) {
  const pgReport = path.join(tmp, 'vitest-postgres.json');
  rmSync(pgReport, { force: true });
  ok =
    run(
      'API tests (PostgreSQL)',
      npx,
      // The *.process tests start the real server on PGlite (kill -9, production start): PGlite only.
      ['vitest', 'run', 'apps/server', '--exclude', '**/*.process.test.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
      { TEST_DB_KIND: 'postgres' },
    ) && ok;
  if (!countVitest(pgReport)) ok = false;
} else {
  console.log('\n(TEST_DATABASE_URL not set: the API tests ran on PGlite only)');
}

ok = run('web build', 'npm', ['run', '-s', 'build']) && ok;
if (!ok) finish(false);

for (const entry of readdirSync(tmp)) if (entry.startsWith('e2e-data-')) rmSync(path.join(tmp, entry), { recursive: true, force: true });
const e2eReport = path.join(tmp, 'playwright.json');
rmSync(e2eReport, { force: true });
ok = run('browser journeys (Chromium, 390x844)', npx, ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
}) && ok;
if (!countPlaywright(e2eReport)) ok = false;

finish(ok);
