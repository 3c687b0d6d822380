/**
 * Keeps `npm run bench` (scale.bench.ts) from rotting: the bench as a child process at a tiny
 * scale (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), one round of one second, no web
 * build or Lighthouse, and its tables checked: every endpoint row with figures and a goal mark,
 * the page ratios, and every 数据驾驶舱 call's row (dashboard.bench.ts) beside the report list's
 * page 1, with the funnel by SQL equal to the kept counts'. The figures themselves are not judged
 * here (a busy machine moves them).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../..');

const ENDPOINTS = [
  'house list',
  'house search',
  'report list page 1',
  'report list page 100',
  'report list last page',
  'report list keyword',
  'report list 近3个月',
  'report detail',
  'check-token',
];

const DASHBOARD_CALLS = [
  'overview company 30 d (day)',
  'overview company 365 d (month)',
  'overview distributor 30 d',
  'overview listing 30 d',
  'overview city 30 d',
  'ranking distributors 30 d',
  'ranking distributors 365 d',
  'ranking brokers 30 d',
  'ranking brokers 365 d',
  'ranking listings 30 d',
  'ranking listings 365 d',
  "ranking a distributor's brokers 30 d",
  'auditors 30 d',
  'phone overview shop manager',
  'phone ranking shop manager',
  'phone overview general account',
  'phone ranking general account',
];

function runBench(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'scale.bench.ts')], {
      cwd: ROOT,
      env: { ...process.env, BENCH_DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run bench (scale.bench.ts)', () => {
  it('prints one row per endpoint and per dashboard call with figures and a goal mark, and the page ratios', async () => {
    const { code, out } = await runBench({
      BENCH_PORT: String(await freePort()),
      BENCH_REPORTS: '2000',
      BENCH_LISTINGS: '200',
      BENCH_USERS: '100',
      BENCH_ROUNDS: '1',
      BENCH_SECONDS: '1',
      BENCH_WARM_UP: '0',
      BENCH_RUNS: '3',
      BENCH_SKIP: 'submit,first-load,lighthouse',
    });
    expect(code, out).toBe(0);
    const lines = out.split('\n');
    expect(lines.some((l) => /^endpoint\s+product r\/s\s+raw r\/s\s+ratio\s+CPU ratio\s+p50 ms\s+p99 ms\s+raw p99\s+goal$/.test(l)), out).toBe(true);
    for (const endpoint of ENDPOINTS) {
      const row = lines.find((l) => l.startsWith(`${endpoint} `));
      expect(row, `no row for ${endpoint}\n${out}`).toBeDefined();
      // product r/s, raw r/s, ratio, CPU ratio, p50, p99, raw p99, then ✓ or ✗.
      expect(row!.slice(endpoint.length), row).toMatch(/^\s+\d+\s+\d+\s+\d+\.\d\d\s+\d+\.\d\d\s+\d+(\.\d+)?\s+\d+(\.\d+)?\s+\d+(\.\d+)?\s+[✓✗]/);
    }
    for (const ratio of ['page 100', 'last page', 'keyword']) {
      expect(out, out).toMatch(new RegExp(`${ratio}\\s+\\d+\\.\\d\\d× page 1\\s+\\(goal ≤ [\\d.]+×\\) [✓✗]`));
    }
    expect(lines.some((l) => /^dashboard call\s+p50 ms\s+p99 ms\s+÷ list p1\s+goal\s+answer$/.test(l)), out).toBe(true);
    // p50, p99, the ratio to the report list's page 1, then ✓ or ✗ (— for the rows set beside them).
    for (const [call, goal] of [...DASHBOARD_CALLS.map((c) => [c, '[✓✗]']), ['AUDITORADMIN report list page 1', '—'], ['funnel 30 d by SQL over the reports', '—']] as const) {
      const row = lines.find((l) => l.startsWith(`${call} `));
      expect(row, `no row for ${call}\n${out}`).toBeDefined();
      expect(row!.slice(call.length), row).toMatch(new RegExp(`^\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d×\\s+${goal}`));
    }
    expect(out, out).toMatch(/the funnel by SQL: [\d,]+ → [\d,]+ → [\d,]+ → [\d,]+; the kept counts': [\d,]+ → [\d,]+ → [\d,]+ → [\d,]+ ✓/);
    expect(out, out).toMatch(/channel_tally: [\d,]+ rows of the company/);
    expect(out, out).toMatch(/EXPLAIN \(ANALYZE, BUFFERS\)/);
  }, 240_000);
});
