import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDatabaseKind } from './test-database';

/**
 * The permanent hardening suites report what they covered: routes × roles,
 * fuzz requests and 5xx seen, races run, kill cycles and writes lost. Each writes one line
 * here, one file per suite, engine and Node major, so the runs of one `npm test` (PGlite on
 * Node 20, PostgreSQL on Node 24: docs/decisions/064-fast-ci.md) never overwrite each other's;
 * scripts/test.mjs prints them all at the end of the run.
 */
export const SUITE_FIGURES_DIR = path.resolve(process.cwd(), '.tmp', 'suite-figures');

export function recordSuiteFigures(suite: string, line: string): void {
  mkdirSync(SUITE_FIGURES_DIR, { recursive: true });
  const kind = testDatabaseKind();
  const node = process.versions.node.split('.')[0];
  writeFileSync(path.join(SUITE_FIGURES_DIR, `${suite}-${kind}-node${node}.txt`), `${suite} (${kind}, Node ${node}): ${line}\n`);
}
