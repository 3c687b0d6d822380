/**
 * Keeps `npm run bench` (scale.bench.ts) from rotting: the bench as a child process at a tiny
 * scale (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), one round of one second, no web
 * build or Lighthouse, and its table checked: every endpoint row with figures and a goal mark,
 * and the page ratios. The figures themselves are not judged here (a busy machine moves them).
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
  it('prints one row per endpoint with figures and a goal mark, and the page ratios', async () => {
    const { code, out } = await runBench({
      BENCH_PORT: String(await freePort()),
      BENCH_REPORTS: '2000',
      BENCH_LISTINGS: '200',
      BENCH_USERS: '100',
      BENCH_ROUNDS: '1',
      BENCH_SECONDS: '1',
      BENCH_WARM_UP: '0',
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
  }, 240_000);
});
